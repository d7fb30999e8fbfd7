package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.TaskQueues;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose model queue has no worker (the only worker serves workflows and scoring) must not wait in silence:
 * {@code campaign status} names the queue without a poller and how long its work has waited, and
 * {@code campaign start --wait} gives up with that message after {@code --no-worker-timeout} (real dev server). The
 * printed commands carry the server's non-default address, given by {@code --address} or once in the home's config file.
 */
class NoWorkerForQueueIT {
    @TempDir Path dir;

    @Test
    void statusNamesTheQueueWithoutAWorkerAndWaitGivesUp() throws Exception {
        Map<String, String> env = Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString(),
                "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
        Path file = dir.resolve("stuck.yaml");
        Files.writeString(file, """
                name: stuck
                models: [{name: lonely-oracle, profile: oracle}]
                benchmarks: [{name: slot, eval_set: %s}]
                samples: {limit: 2, seed: 1}
                """.formatted(SuperheroEvalSets.slot()));
        String llmQueue = TaskQueues.llm("lonely-oracle");
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             WorkerProcess worker = WorkerProcess.start(server.address(), "workflows,scoring", dir.resolve("worker.log"), env)) {
            long start = System.nanoTime();
            try (CliProcess wait = CliProcess.start(List.of("campaign", "start", file.toString(), "--id", "stuck", "--wait",
                    "--no-worker-timeout", "20", "--address", server.address()), "started campaign", dir.resolve("start.log"), env)) {
                int exit = wait.waitForExit(Duration.ofMinutes(3));
                long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                assertThat(exit).as(wait.output()).isEqualTo(3);
                assertThat(wait.output()).contains("gave up waiting").contains("no worker polls task queue " + llmQueue)
                        .as("printed hints carry the non-default address")
                        .contains("watch it: ./ibench campaign status stuck --address " + server.address())
                        .contains("start one: ./ibench worker --address " + server.address() + " --roles llm");
                assertThat(seconds).as("gave up after about the configured 20 s").isBetween(20L, 120L);
            }
            // the address set once in the home's config file: no --address, and the hints still carry it
            Path home = Files.createDirectories(dir.resolve("home/.ibench")).getParent();
            Files.writeString(home.resolve(".ibench/config.properties"), "temporal.address=" + server.address() + "\n");
            Map<String, String> configuredHome = new java.util.HashMap<>(env);
            configuredHome.put("IBENCH_HOME", home.toString());
            try (CliProcess status = CliProcess.start(List.of("campaign", "status", "stuck"), "", dir.resolve("status.log"), configuredHome)) {
                assertThat(status.waitForExit(Duration.ofMinutes(1))).as(status.output()).isZero();
                assertThat(status.output()).containsPattern("no worker polls task queue " + llmQueue + "; work waiting for it since \\d+ s")
                        .contains("start one: ./ibench worker --address " + server.address() + " --roles llm");
            }
        }
    }
}
