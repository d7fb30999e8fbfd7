package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.MethodDescriptor;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.api.workflowservice.v1.QueryWorkflowRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.converter.EncodedValues;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.workflow.DynamicWorkflow;
import io.temporal.workflow.Workflow;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code campaign start --wait} and the demo wait for a campaign's end with one long poll for the result, not one per
 * 5-second status poll: each result wait with a timeout ended in a burst of history requests as its deadline neared,
 * about a fifth of the wait spent busy in the CLI and the Temporal server (issue 46, bench/results/orchestration-cpu.md).
 * Temporal's in-process test server answers a result long poll at each new history event, so the test counts the
 * requests while the history does not change. A wait nobody watches ({@code campaign start --wait}) reads the status
 * less often than the demo's, which draws it.
 */
class CampaignWaiterTest {
    private static final Duration CAMPAIGN_RUNS = Duration.ofSeconds(14);

    /** A stand-in campaign workflow: runs {@link #CAMPAIGN_RUNS} on the workflow clock, then returns a final status. */
    public static final class QuietCampaign implements DynamicWorkflow {
        @Override
        public Object execute(EncodedValues args) {
            Workflow.sleep(CAMPAIGN_RUNS);
            return new CampaignStatus("c1", "quiet", CellState.COMPLETED, List.of());
        }
    }

    /** Counts the client's result long polls: GetWorkflowExecutionHistory requests that wait for a new event. */
    private static final class ResultLongPolls implements ClientInterceptor {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                @Override
                public void sendMessage(Q message) {
                    if (message instanceof GetWorkflowExecutionHistoryRequest r && r.getWaitNewEvent()) {
                        count.incrementAndGet();
                    }
                    super.sendMessage(message);
                }
            };
        }
    }

    /** Counts the status queries the client sends, per workflow id. */
    private static final class StatusQueries implements ClientInterceptor {
        final Map<String, AtomicInteger> byWorkflow = new ConcurrentHashMap<>();

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                @Override
                public void sendMessage(Q message) {
                    if (message instanceof QueryWorkflowRequest q) {
                        byWorkflow.computeIfAbsent(q.getExecution().getWorkflowId(), id -> new AtomicInteger()).incrementAndGet();
                    }
                    super.sendMessage(message);
                }
            };
        }

        int of(String campaignId) {
            AtomicInteger n = byWorkflow.get(CampaignWorkflow.workflowId(campaignId));
            return n == null ? 0 : n.get();
        }
    }

    /** Temporal's in-process test server (real time) whose client sends through {@code counter}, a worker for {@link QuietCampaign}. */
    private static TestWorkflowEnvironment quietCampaigns(ClientInterceptor counter) {
        TestEnvironmentOptions options = TestEnvironmentOptions.newBuilder().setUseTimeskipping(false)
                .setWorkflowServiceStubsOptions(WorkflowServiceStubsOptions.newBuilder()
                        .setGrpcClientInterceptors(List.of(counter)).build())
                .build();
        TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance(options);
        env.newWorker(TaskQueues.WORKFLOWS).registerWorkflowImplementationTypes(QuietCampaign.class);
        env.start();
        return env;
    }

    private static void startCampaign(WorkflowClient client, String campaignId) {
        client.newUntypedWorkflowStub("CampaignWorkflow", WorkflowOptions.newBuilder()
                .setWorkflowId(CampaignWorkflow.workflowId(campaignId)).setTaskQueue(TaskQueues.WORKFLOWS).build()).start();
    }

    @Test
    void aWaitNobodyWatchesReadsTheStatusEvery30SecondsWhileADrawnOneReadsItEvery5() throws Exception {
        StatusQueries queries = new StatusQueries();
        try (TestWorkflowEnvironment env = quietCampaigns(queries)) {
            WorkflowClient client = env.getWorkflowClient();
            startCampaign(client, "unwatched");
            startCampaign(client, "drawn");
            PrintStream notes = new PrintStream(new ByteArrayOutputStream());
            // both campaigns run 14 s: the drawn wait reads at its 5 s and 10 s polls, the other waits for its 30 s read
            CompletableFuture<Optional<CampaignStatus>> unwatched = CompletableFuture.supplyAsync(() -> {
                try {
                    return new CampaignWaiter(client, "").awaitEnd("unwatched", Duration.ofSeconds(600), notes);
                } catch (TimeoutException e) {
                    throw new IllegalStateException(e);
                }
            });
            Optional<CampaignStatus> drawnEnd = new CampaignWaiter(client, "").awaitEnd("drawn", Duration.ofSeconds(600), null,
                    live -> { }, notes);

            assertThat(unwatched.get(1, TimeUnit.MINUTES)).isPresent();
            assertThat(drawnEnd).isPresent();
            assertThat(queries.of("unwatched")).as("status queries of the wait nobody watches").isZero();
            assertThat(queries.of("drawn")).as("status queries of the drawn wait").isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void aWaitNobodyWatchesReadsTheStatusEveryTenthOfTheNoWorkerTimeoutBetweenOnePollAnd30Seconds() {
        assertThat(CampaignWaiter.unwatchedStatusPolls(Duration.ofSeconds(600))).as("600 s: a tenth is 60 s, capped at 30 s").isEqualTo(6);
        assertThat(CampaignWaiter.unwatchedStatusPolls(Duration.ofSeconds(100))).as("100 s: a tenth is 10 s, two polls").isEqualTo(2);
        assertThat(CampaignWaiter.unwatchedStatusPolls(Duration.ofSeconds(20))).as("20 s: a tenth is 2 s, one poll").isEqualTo(1);
        assertThat(CampaignWaiter.unwatchedStatusPolls(Duration.ofSeconds(1))).isEqualTo(1);
    }

    @Test
    void whileACampaignsHistoryDoesNotChangeTheWaitSendsNoResultRequestAndItReturnsTheFinalStatus() throws Exception {
        ResultLongPolls history = new ResultLongPolls();
        try (TestWorkflowEnvironment env = quietCampaigns(history)) {
            WorkflowClient client = env.getWorkflowClient();
            startCampaign(client, "c1");
            // from the timer's start until it fires the workflow's history does not change: count the result long polls
            // in 8 s of that, longer than one 5-second poll
            CompletableFuture<int[]> quietWindow = CompletableFuture.supplyAsync(() -> {
                while (client.fetchHistory(CampaignWorkflow.workflowId("c1")).getEvents().stream()
                        .noneMatch(e -> e.getEventType() == EventType.EVENT_TYPE_TIMER_STARTED)) {
                    sleep(Duration.ofMillis(200));
                }
                sleep(Duration.ofMillis(500));
                int before = history.count.get();
                sleep(Duration.ofSeconds(8));
                return new int[] {before, history.count.get()};
            });

            Optional<CampaignStatus> end = new CampaignWaiter(client, "").awaitEnd("c1", Duration.ofMinutes(10), null, live -> { },
                    new PrintStream(new ByteArrayOutputStream()));

            assertThat(end).contains(new CampaignStatus("c1", "quiet", CellState.COMPLETED, List.of()));
            int[] counts = quietWindow.get(1, TimeUnit.MINUTES);
            assertThat(counts[1] - counts[0]).as("result long polls in 8 quiet seconds (%d before them)", counts[0]).isZero();
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
