package dev.ibench.activities.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45: the blocking reads of the BFCL backends' pipes ran on the common {@code ForkJoinPool}, so on a machine with
 * more cores concurrent conversations waited behind each other's reads. They now run on their own threads
 * ({@code bfcl-pipe-read}). TEST DOUBLE: a shell script in place of {@code python3} that answers each line after 1 s.
 */
class BfclPipeReadsTest {
    private static final BfclMultiTurnEntry ENTRY = new BfclMultiTurnEntry("multi_turn_base_0", "multi_turn_base", List.of(List.of()),
            List.of("MathAPI"), Map.of(), Map.of(), List.of(List.of("mean(numbers=[1])")));

    @Test
    void sessionAndBatchReadsRunOnTheirOwnThreads(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("bfcl/bfcl_eval/data"));
        Files.createDirectories(dir.resolve("bfcl/bfcl_eval/eval_checker/multi_turn_eval"));
        Path python = dir.resolve("fake-python.sh");
        Files.writeString(python, "#!/bin/sh\nwhile IFS= read -r line; do sleep 1; echo '{\"results\": [\"ok\"]}'; done\n");
        Files.setPosixFilePermissions(python, PosixFilePermissions.fromString("rwx------"));
        BfclMultiTurnExecutor executor = new BfclMultiTurnExecutor(BfclEvalPackage.at(dir.resolve("bfcl")), python.toString(), 256,
                dir.resolve("work"));

        CompletableFuture<List<String>> session = CompletableFuture.supplyAsync(() -> {
            try (BfclMultiTurnSession s = executor.open(ENTRY, List.of(), Duration.ofSeconds(30))) {
                return s.execute(List.of("mean(numbers=[1])"));
            }
        }, runnable -> new Thread(runnable, "test-session").start());
        Set<String> sessionReaders = readersWhile(session, BfclMultiTurnSession.class);
        assertThat(session.get(30, TimeUnit.SECONDS)).containsExactly("ok");

        CompletableFuture<List<BfclMultiTurnExecutor.Result>> batch = CompletableFuture.supplyAsync(
                () -> executor.execute(List.of(new BfclMultiTurnExecutor.Request(ENTRY, List.of())), Duration.ofSeconds(30)),
                runnable -> new Thread(runnable, "test-batch").start());
        Set<String> batchReaders = readersWhile(batch, BfclMultiTurnExecutor.class);
        assertThat(batch.get(30, TimeUnit.SECONDS)).hasSize(1);

        assertThat(sessionReaders).as("threads reading a session's pipe").isNotEmpty().allMatch(n -> n.startsWith("bfcl-pipe-read"));
        assertThat(batchReaders).as("threads reading or writing a batch's pipes").isNotEmpty().allMatch(n -> n.startsWith("bfcl-pipe-read"));
    }

    /** Names of the threads running a lambda of {@code owner} (a pipe read or write) while {@code running} is not done. */
    private static Set<String> readersWhile(CompletableFuture<?> running, Class<?> owner) throws InterruptedException {
        Set<String> names = new TreeSet<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!running.isDone() && System.nanoTime() < deadline) {
            Thread.getAllStackTraces().forEach((thread, frames) -> {
                for (StackTraceElement f : frames) {
                    if (f.getClassName().equals(owner.getName()) && f.getMethodName().startsWith("lambda$")) {
                        names.add(thread.getName());
                        break;
                    }
                }
            });
            Thread.sleep(50);
        }
        return names;
    }
}
