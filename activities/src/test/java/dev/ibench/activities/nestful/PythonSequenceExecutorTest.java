package dev.ibench.activities.nestful;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.nestful.NestfulImporter;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PythonSequenceExecutorTest {
    private static final Path DATA = Path.of("../data/nestful").toAbsolutePath().normalize();
    private static final List<String> RANDOM_ROWS = List.of(
            "c2526052-1e00-45fa-b419-7c77cd8c4e2c", // rand_string -> count_upper
            "4c116081-4fb1-4dc7-8b77-9ee402115d6a", // random_ints -> sequence_handling
            "7609514a-7663-4c87-af16-3bc9b69419dd"); // gen_random_str_with_lower_case -> add_commas_to_string

    @TempDir Path work;

    @Test
    void goldSequencesReproduceTheGoldAnswerExceptTheRandomRows() {
        PythonSequenceExecutor executor = new PythonSequenceExecutor(DATA.resolve("functions"), "python3", SandboxLimits.DEFAULT, work);
        List<EvalSample> samples = NestfulImporter.read(DATA.resolve("nestful_v2_sample50.jsonl")).samples();
        List<String> notReproduced = new ArrayList<>();
        for (EvalSample sample : samples) {
            ExecutionOutcome outcome = executor.execute(sample, sample.output());
            assertThat(outcome.ok()).as("%s: %s", sample.sampleId(), outcome.observations()).isTrue();
            if (!executor.matchesGold(sample, outcome.answer())) {
                notReproduced.add(sample.sampleId());
            }
        }
        // A random row can reproduce its gold by chance (a random 10-letter string may hold the gold's count
        // of upper-case letters), so only the deterministic rows are required to reproduce.
        assertThat(RANDOM_ROWS).containsAll(notReproduced);
        assertThat(samples.size() - notReproduced.size()).isGreaterThanOrEqualTo(47);
        // A random 10-letter lower-case string equals the gold's with odds 26^-10.
        String lowerCaseStringRow = RANDOM_ROWS.get(2);
        assertThat(notReproduced).contains(lowerCaseStringRow);
        assertThat(executor.unavailable(samples.stream().filter(s -> s.sampleId().equals(lowerCaseStringRow)).findFirst().orElseThrow()))
                .hasValueSatisfying(why -> assertThat(why).contains("not the gold answer"));
    }

    @Test
    void pythonObjectsFlowBetweenCallsAndTupleOutputsAreIndexed() throws Exception {
        Path fns = Files.createDirectories(work.resolve("fns"));
        Files.writeString(fns.resolve("f.py"), """
                def pair(x):
                    return (x, x + 1)

                def takes_tuple(t):
                    return type(t).__name__ + ":" + str(t[1])

                def inc(v):
                    return v + 1
                """);
        PythonSequenceExecutor executor = new PythonSequenceExecutor(fns, "python3", SandboxLimits.DEFAULT, work.resolve("state"));
        Map<String, Object> twoOutputs = Map.of("name", "pair", "output_parameters", Map.of("output_0", Map.of(), "output_1", Map.of()));
        EvalSample sample = sample(List.of(twoOutputs, Map.of("name", "takes_tuple"), Map.of("name", "inc")), 0);

        ExecutionOutcome whole = executor.execute(sample, List.of(call("pair", "x", 4, "$var1"), call("takes_tuple", "t", "$var1$", "$var2")));
        assertThat(whole.ok()).isTrue();
        assertThat(whole.answer()).isEqualTo("tuple:5");

        ExecutionOutcome second = executor.execute(sample, List.of(call("pair", "x", 4, "$var1"), call("inc", "v", "$var1.output_1$", "$var2")));
        assertThat(second.answer()).isEqualTo(6);
    }

    @Test
    void aBrokenReferenceFailsTheCallNamingIt() throws Exception {
        Path fns = Files.createDirectories(work.resolve("fns"));
        Files.writeString(fns.resolve("f.py"), "def inc(v):\n    return v + 1\n");
        PythonSequenceExecutor executor = new PythonSequenceExecutor(fns, "python3", SandboxLimits.DEFAULT, work.resolve("state"));
        EvalSample sample = sample(List.of(Map.of("name", "inc")), 0);
        ExecutionOutcome outcome = executor.execute(sample, List.of(call("inc", "v", 1, "$var_1"), call("inc", "v", "$var_9.result$", "$var_2")));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.observations().get(1)).contains("$var_9").contains("no earlier call");
    }

    @Test
    void runawayFunctionsAreStoppedAndTheExecutorKeepsServing() throws Exception {
        Path fns = Files.createDirectories(work.resolve("fns"));
        Files.writeString(fns.resolve("hostile.py"), """
                import socket

                def spin():
                    while True:
                        pass

                def hog():
                    chunks = []
                    while True:
                        chunks.append(bytearray(50 * 1024 * 1024))

                def call_home():
                    socket.create_connection(("127.0.0.1", 9), timeout=1)
                    return "connected"

                def write_file():
                    with open("escape.txt", "w") as f:
                        f.write("x" * 10)
                    return "written"

                def chatty():
                    print("noise on stdout")
                    return 42
                """);
        SandboxLimits limits = new SandboxLimits(Duration.ofSeconds(2), Duration.ofSeconds(4), 256);
        PythonSequenceExecutor executor = new PythonSequenceExecutor(fns, "python3", limits, work.resolve("state"));
        EvalSample sample = sample(List.of(Map.of("name", "spin")), 42);

        long start = System.nanoTime();
        ExecutionOutcome spin = executor.execute(sample, List.of(new ToolCall("spin", Map.of(), "$var1")));
        assertThat(spin.ok()).isFalse();
        assertThat(spin.observations().get(0)).contains("exceeded the time limit");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(60));

        ExecutionOutcome hog = executor.execute(sample, List.of(new ToolCall("hog", Map.of(), "$var1")));
        assertThat(hog.ok()).isFalse();
        assertThat(hog.observations().get(0)).containsAnyOf("MemoryError", "process ended");

        ExecutionOutcome network = executor.execute(sample, List.of(new ToolCall("call_home", Map.of(), "$var1")));
        assertThat(network.ok()).isFalse();
        assertThat(network.observations().get(0)).contains("network access is disabled");

        ExecutionOutcome write = executor.execute(sample, List.of(new ToolCall("write_file", Map.of(), "$var1")));
        assertThat(write.ok()).isFalse();
        assertThat(work.resolve("state/nestful/escape.txt")).satisfiesAnyOf(p -> assertThat(p).doesNotExist(), p -> assertThat(p).isEmptyFile());

        ExecutionOutcome chatty = executor.execute(sample, List.of(new ToolCall("chatty", Map.of(), "$var1")));
        assertThat(chatty.ok()).as("printing does not corrupt the protocol: %s", chatty.observations()).isTrue();
        assertThat(chatty.answer()).isEqualTo(42);
    }

    @Test
    void aMissingInterpreterOrFolderIsNeverTheModelsFailure() {
        EvalSample sample = sample(List.of(Map.of("name", "inc")), 1);
        PythonSequenceExecutor noFolder = new PythonSequenceExecutor(work.resolve("absent"), "python3", SandboxLimits.DEFAULT, work);
        assertThat(noFolder.unavailable(sample)).hasValueSatisfying(why -> assertThat(why).contains("no NESTful functions folder"));
        PythonSequenceExecutor noPython = new PythonSequenceExecutor(work, "no-such-python-ibench", SandboxLimits.DEFAULT, work.resolve("s"));
        Optional<String> why = noPython.unavailable(sample(List.of(Map.of("name", "inc")), 1));
        assertThat(why).hasValueSatisfying(w -> assertThat(w).contains("cannot start 'no-such-python-ibench'"));
    }

    private static EvalSample sample(List<Map<String, Object>> tools, Object gold) {
        return new EvalSample("s1", "nestful", "q", null, gold, List.of(new ToolCall("inc", Map.of("v", 0), "$var1")), null,
                new ArrayList<>(tools), List.of());
    }

    private static ToolCall call(String name, String arg, Object value, String label) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put(arg, value);
        return new ToolCall(name, args, label);
    }
}
