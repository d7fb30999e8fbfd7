package dev.ibench.workers.react;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.react.HttpRestToolEnvironment;
import dev.ibench.activities.react.ReactStepRef;
import dev.ibench.activities.react.ReactToolActivities;
import dev.ibench.activities.react.ReactToolActivitiesImpl;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.SuperheroEvalSets;
import io.temporal.testing.TestActivityEnvironment;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, "cancelled model calls keep calling", for the ReACT agent's REST actions: a step whose tool server is slow
 * to answer is cancelled (what {@code campaign cancel} does to the running activity); the in-flight HTTP request must be
 * aborted at once (the server sees its connection closed), not waited out up to the request's 60 s timeout.
 */
class ReactToolCancellationTest {
    @TempDir Path dir;

    @Test
    void cancellingARestActionAbortsItsHttpRequest() throws Exception {
        Path evalSet = SuperheroEvalSets.rest();
        EvalSetCache evalSets = new EvalSetCache();
        EvalSample sample = evalSets.samples(evalSet.toString()).values().stream()
                .filter(s -> !s.output().get(0).arguments().isEmpty()).findFirst().orElseThrow();
        ToolCall gold = sample.output().get(0);
        try (SilentServer server = new SilentServer();
             ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.sqlite"))) {
            TestActivityEnvironment environment = TestActivityEnvironment.newInstance();
            try {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c-cancel", "react cancel test", "{}");
            store.saveCell(new CellRecord("cancel", "c-cancel", "m", "rest", "react", "none", evalSet.toString(), 1));
            store.saveCellSamples("cancel", List.of(sample.sampleId()));
            String action = "Thought: look it up\nAction: " + gold.name() + "\nAction Input: " + Json.MAPPER.writeValueAsString(gold.arguments()) + "\n";
            store.saveModelCall(new ModelCallRecord("cancel", sample.sampleId(), 0, 1, "k", action, 1, 1, 1L, false));
            environment.registerActivitiesImplementations(ReactToolActivitiesImpl.byCell(store, evalSets,
                    cell -> HttpRestToolEnvironment.forEvalSet(evalSet, file -> server.uri(), HttpClient.newHttpClient())));
            ReactToolActivities tools = environment.newActivityStub(ReactToolActivities.class);

            Thread canceller = new Thread(() -> {
                try {
                    if (server.requestReceived.await(10, TimeUnit.SECONDS)) {
                        Thread.sleep(300);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                environment.requestCancelActivity();
            });
            canceller.start();
            long start = System.nanoTime();
            assertThatThrownBy(() -> tools.act(new ReactStepRef("cancel", 0, 0, 1))).as("the cancelled step fails").isNotNull();
            canceller.join();
            assertThat(server.requestReceived.getCount()).as("the action's request reached the tool server").isZero();
            assertThat(server.connectionClosed.await(10, TimeUnit.SECONDS))
                    .as("the in-flight request was aborted (its connection closed), not waited out (60 s timeout)").isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds until aborted").isLessThan(15);
            assertThat(server.requests.get()).as("no retry after cancellation").isEqualTo(1);
            assertThat(store.toolExecutions("cancel", sample.sampleId(), 0)).as("no observation stored for a cancelled step").isEmpty();
            } finally {
                environment.close();
            }
        }
    }

    /** A tool server (test tool) that reads a request and never answers; it notes when the client closes the connection. */
    private static final class SilentServer implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        final CountDownLatch requestReceived = new CountDownLatch(1);
        final CountDownLatch connectionClosed = new CountDownLatch(1);
        final AtomicInteger requests = new AtomicInteger();
        private final Thread acceptor = new Thread(this::serve, "silent-tool-server");

        SilentServer() throws Exception {
            acceptor.setDaemon(true);
            acceptor.start();
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }

        private void serve() {
            while (!socket.isClosed()) {
                try {
                    Socket client = socket.accept();
                    Thread reader = new Thread(() -> hold(client), "silent-tool-connection");
                    reader.setDaemon(true);
                    reader.start();
                } catch (Exception closed) {
                    return;
                }
            }
        }

        private void hold(Socket client) {
            try (client; InputStream in = client.getInputStream()) {
                int matched = 0;
                byte[] end = {'\r', '\n', '\r', '\n'};
                int b;
                while ((b = in.read()) >= 0) {
                    matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0);
                    if (matched == end.length) {
                        requests.incrementAndGet();
                        requestReceived.countDown();
                        matched = 0;
                    }
                }
            } catch (Exception reset) {
                // a reset connection is closed too
            }
            connectionClosed.countDown();
        }

        @Override
        public void close() throws Exception {
            socket.close();
        }
    }
}
