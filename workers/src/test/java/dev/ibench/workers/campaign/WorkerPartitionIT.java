package dev.ibench.workers.campaign;

import static dev.ibench.workers.testing.FaultCampaigns.campaignFile;
import static dev.ibench.workers.testing.FaultCampaigns.count;
import static dev.ibench.workers.testing.FaultCampaigns.model;
import static dev.ibench.workers.testing.FaultCampaigns.scores;
import static dev.ibench.workers.testing.FaultCampaigns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.testing.net.CuttableTcpProxy;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowExecutionMetadata;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, a worker cut off from the network: the only LLM worker reaches the Temporal server and the results store
 * (PostgreSQL) through two loopback proxies the test controls (test tool {@link CuttableTcpProxy}); the workflows and
 * scoring run in another worker with direct links. Mid-campaign both proxies are cut for {@value #CUT_SECONDS} s (carried
 * connections reset, new ones blackholed), while a second LLM worker with direct links starts outside the partition,
 * then the link heals. The model endpoint (test double answering from the prompt alone) stays reachable from both, so
 * a partitioned worker that went on calling it would be seen. Checks: every item scored, each identical to an
 * undisturbed run; the partitioned worker's activity timed out on its heartbeat and was retried (a started attempt
 * above 1 whose last failure is a heartbeat timeout, read from the cell's history); no model request after the cut for
 * an item whose output was stored before it; paid requests at most the items plus the window (one fault).
 */
class WorkerPartitionIT {
    private static final int SAMPLES = 60;
    private static final int WINDOW = 4;
    private static final int FAULTS = 1;
    private static final int CUT_SECONDS = 30;
    private static final Pattern VARIANT = Pattern.compile("\\(variant (\\d+)\\)");

    @TempDir Path dir;

    @Test
    void aPartitionedWorkersItemsAreRetriedOutsideItAndNoFinishedItemIsPaidAgain() throws Exception {
        SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), SAMPLES);
        try (LocalPostgres pg = LocalPostgres.start(Path.of("target"));
             FakeOpenAiEndpoint calmEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(300));
             FakeOpenAiEndpoint chaosEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(300));
             DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             CuttableTcpProxy temporalLink = CuttableTcpProxy.to(port(server.address()));
             CuttableTcpProxy storeLink = CuttableTcpProxy.to(pg.port());
             TemporalConnection temporal = server.connect()) {
            String url = pg.newDatabase();
            String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
            Path calm = campaignFile(dir, "calm", List.of(model("calm", calmEndpoint, WINDOW)), 1, WINDOW);
            Path chaos = campaignFile(dir, "chaos", List.of(model("chaos", chaosEndpoint, WINDOW)), 1, WINDOW);
            String models = campaignFile(dir, "models", List.of(model("calm", calmEndpoint, WINDOW), model("chaos", chaosEndpoint, WINDOW)), 1, WINDOW).toString();
            Map<String, String> direct = Map.of("IBENCH_STORE", url, "IBENCH_STORE_PASSWORD", pg.password(),
                    "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
            Map<String, String> behindProxy = new HashMap<>(direct);
            behindProxy.put("IBENCH_STORE", url.replace("127.0.0.1:" + pg.port() + "/", "127.0.0.1:" + storeLink.port() + "/"));
            assertThat(behindProxy.get("IBENCH_STORE")).isNotEqualTo(url);

            try (WorkerProcess cells = WorkerProcess.start(server.address(), "workflows,scoring", dir.resolve("cells.log"), direct,
                         "--models-from", models);
                 WorkerProcess partitioned = WorkerProcess.start(temporalLink.address(), "llm", dir.resolve("partitioned.log"),
                         behindProxy, "--models-from", models)) {
                run(dir, server, direct, calm, "calm", () -> { });
                assertThat(calmEndpoint.requestCount()).as("the undisturbed run pays each item once").isEqualTo(SAMPLES);

                List<WorkerProcess> outside = new ArrayList<>();
                long[] cutAt = new long[1];
                Set<Integer> storedAtCut = new TreeSet<>();
                try {
                    run(dir, server, direct, chaos, "chaos", () -> {
                        assertThat(awaitStoredOutputs(pg, database, "chaos", SAMPLES / 5)).as("cut mid-campaign").isLessThan(SAMPLES);
                        temporalLink.cut();
                        storeLink.cut();
                        cutAt[0] = System.nanoTime();
                        storedAtCut.addAll(storedOutputs(pg, database, "chaos"));
                        outside.add(WorkerProcess.start(server.address(), "llm", dir.resolve("outside.log"), direct, "--models-from", models));
                        sleepUntil(cutAt[0] + TimeUnit.SECONDS.toNanos(CUT_SECONDS));
                        temporalLink.heal();
                        storeLink.heal();
                    });
                } finally {
                    for (WorkerProcess w : outside) {
                        w.close();
                    }
                }
                assertThat(storedAtCut).as("outputs stored before the cut").hasSizeBetween(SAMPLES / 5, SAMPLES - 1);
                assertThat(partitioned.output()).doesNotContain(pg.password());

                // no item whose output was stored before the cut was asked of the model again after it
                List<Integer> askedAgain = new ArrayList<>();
                for (FakeOpenAiEndpoint.Request r : chaosEndpoint.requests()) {
                    int sample = variant(r.body());
                    if (r.arrivedNanos() > cutAt[0] && storedAtCut.contains(sample)) {
                        askedAgain.add(sample);
                    }
                }
                assertThat(askedAgain).as("finished items asked again after the cut").isEmpty();

                // the partitioned worker's attempt timed out on its heartbeat and a later attempt completed
                List<String> retried = heartbeatTimedOutAttempts(temporal);
                assertThat(retried).as("activity attempts started after a heartbeat timeout").isNotEmpty();

                int paid = chaosEndpoint.requestCount();
                System.out.printf("WorkerPartitionIT: %d items, window %d, cut %d s after %d outputs stored; %d paid requests; retried after a"
                        + " heartbeat timeout: %s; blackholed connections %d (Temporal) and %d (store)%n", SAMPLES, WINDOW, CUT_SECONDS,
                        storedAtCut.size(), paid, retried, temporalLink.blackholedConnections(), storeLink.blackholedConnections());
                assertThat(paid).as("paid requests: each item once, plus at most the window in flight per fault")
                        .isBetween(SAMPLES, SAMPLES + WINDOW * FAULTS);
            }

            try (Connection c = pg.connect(database); Statement s = c.createStatement()) {
                assertThat(count(s, "SELECT count(*) FROM sample_results WHERE status <> 'scored'")).as("no infra error, nothing rejected").isZero();
                Map<String, String> undisturbed = scores(s, "calm");
                assertThat(undisturbed).hasSize(SAMPLES);
                assertThat(scores(s, "chaos")).as("every item scored, each with the score of the undisturbed run")
                        .containsExactlyEntriesOf(undisturbed);
                assertThat(count(s, """
                        SELECT count(*) FROM sample_results r WHERE r.cell_id LIKE 'chaos/%' AND (r.score_json IS NULL
                           OR (SELECT count(*) FROM model_calls m WHERE m.cell_id = r.cell_id AND m.sample_id = r.sample_id
                               AND m.trial = r.trial AND m.step = 0 AND m.raw_output IS NOT NULL) <> 1)""")).as("items without exactly one output").isZero();
            }
        }
    }

    /** Started activity attempts (above the first) whose previous attempt failed on a heartbeat timeout: "workflow id: activity type #attempt". */
    private static List<String> heartbeatTimedOutAttempts(TemporalConnection temporal) {
        List<String> found = new ArrayList<>();
        List<WorkflowExecutionMetadata> executions = temporal.client().listExecutions("").toList();
        for (WorkflowExecutionMetadata e : executions) {
            String workflowId = e.getExecution().getWorkflowId();
            if (!workflowId.contains("chaos")) {
                continue;
            }
            List<HistoryEvent> events = temporal.client().fetchHistory(workflowId, e.getExecution().getRunId()).getEvents();
            Map<Long, String> scheduledTypes = new HashMap<>();
            for (HistoryEvent event : events) {
                if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
                    scheduledTypes.put(event.getEventId(), event.getActivityTaskScheduledEventAttributes().getActivityType().getName());
                }
                if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) {
                    var started = event.getActivityTaskStartedEventAttributes();
                    if (started.getAttempt() > 1 && started.hasLastFailure() && started.getLastFailure().hasTimeoutFailureInfo()
                            && started.getLastFailure().getTimeoutFailureInfo().getTimeoutType() == TimeoutType.TIMEOUT_TYPE_HEARTBEAT) {
                        found.add(workflowId + ": " + scheduledTypes.get(started.getScheduledEventId()) + " #" + started.getAttempt());
                    }
                }
            }
        }
        return found;
    }

    private static int variant(String body) {
        Matcher m = VARIANT.matcher(body);
        assertThat(m.find()).as("a request names its sample's variant").isTrue();
        return Integer.parseInt(m.group(1));
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    /** The variant numbers of the campaign's items whose model output is stored. */
    private static Set<Integer> storedOutputs(LocalPostgres pg, String database, String campaignId) throws SQLException {
        Set<Integer> stored = new TreeSet<>();
        try (Connection c = pg.connect(database); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT sample_id FROM model_calls WHERE raw_output IS NOT NULL AND cell_id LIKE '" + campaignId + "/%'")) {
            while (rs.next()) {
                stored.add(Integer.parseInt(rs.getString(1).substring(1)));
            }
        }
        return stored;
    }

    private static int awaitStoredOutputs(LocalPostgres pg, String database, String campaignId, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            try {
                int stored = storedOutputs(pg, database, campaignId).size();
                if (stored >= atLeast) {
                    return stored;
                }
            } catch (SQLException notYet) {
                // the schema is created by the first command that opens the store
            }
            Thread.sleep(50);
        }
        throw new AssertionError("fewer than " + atLeast + " outputs stored in 2 minutes");
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left;
        while ((left = nanos - System.nanoTime()) > 0) {
            Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
    }
}
