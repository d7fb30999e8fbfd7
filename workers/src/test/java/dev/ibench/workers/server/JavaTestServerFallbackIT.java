package dev.ibench.workers.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.testing.FreePorts;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflow;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.client.WorkflowOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without the temporal CLI the launcher falls back to the in-process Java test server, loudly. */
class JavaTestServerFallbackIT {

    @TempDir Path dir;

    @Test
    void fallsBackToTheJavaTestServerAndWarnsThatThereIsNoUiAndNoPersistence() {
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        DevServerLauncher launcher = new DevServerLauncher(new IbenchHome(dir),
                new PrintStream(messages, true, StandardCharsets.UTF_8), home -> Optional.empty());
        DevServerSettings settings = new DevServerSettings("127.0.0.1", FreePorts.next(), FreePorts.next(), 0, 0,
                dir.resolve("unused.db"));

        try (RunningServer server = launcher.start(settings, null);
             TemporalConnection connection = TemporalConnection.open(server.address(), "default");
             RunningWorker worker = RunningWorker.start(connection.client(), EnumSet.of(WorkerRole.WORKFLOWS),
                     WorkerRoles.standard(), new SimpleMeterRegistry(), new IbenchHome(dir))) {
            assertThat(messages.toString(StandardCharsets.UTF_8))
                    .contains("IN-PROCESS JAVA TEST SERVER").contains("NO Web UI").contains("NO persistence");
            assertThat(server.uiUrl()).isEmpty();
            assertThat(server.persistent()).isFalse();
            connection.awaitReady(Duration.ofSeconds(30));

            DurabilityCheckRequest request = new DurabilityCheckRequest("fallback", 5, 10);
            DurabilityCheckResult result = connection.client().newWorkflowStub(DurabilityCheckWorkflow.class,
                    WorkflowOptions.newBuilder().setWorkflowId("fallback-check").setTaskQueue(TaskQueues.WORKFLOWS).build())
                    .run(request);
            assertThat(result.value()).isEqualTo(55L);
        }
    }
}
