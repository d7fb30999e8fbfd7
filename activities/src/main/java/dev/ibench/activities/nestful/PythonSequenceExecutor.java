package dev.ibench.activities.nestful;

import dev.ibench.activities.sandbox.RunnerScript;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.nestful.NestfulAnswers;
import dev.ibench.core.nestful.NestfulEvalSetFiles;
import dev.ibench.core.nestful.NestfulReference;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs NESTful call sequences against Python implementations of their functions (seed 003, win rate): one sandboxed
 * {@code python3} process per sequence ({@code nestful_runner.py}: memory and CPU limits, no file writes, no network),
 * calls sent one at a time with nested references resolved inside the process, a wall-clock limit per call and per
 * sequence enforced here by killing the process. A function's error, a timeout or a killed process is the sequence's
 * failure (the model's), reported in the outcome; only a missing interpreter or functions folder makes a sample
 * unavailable (not the model's).
 *
 * <p>A sample whose gold sequence does not reproduce its gold answer with these functions (a random function, a missing
 * implementation) is unavailable too, with the reason: its win rate would measure the functions, not the model.
 */
public final class PythonSequenceExecutor implements SequenceExecutor {
    private static final String RUNNER = "nestful_runner.py";

    private final Path functions;
    private final String python;
    private final SandboxLimits limits;
    private final Path runner;
    private final Map<String, Optional<String>> goldCheck = new ConcurrentHashMap<>();
    private final ExecutorService readers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "nestful-sandbox-reader");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param functions folder of {@code *.py} files (optionally with {@code func_file_map.json}: function name to file)
     * @param workDir   a folder of ibench's own where the runner script is written
     */
    public PythonSequenceExecutor(Path functions, String python, SandboxLimits limits, Path workDir) {
        this.functions = functions.toAbsolutePath();
        this.python = python;
        this.limits = limits;
        this.runner = RunnerScript.write(PythonSequenceExecutor.class, RUNNER, workDir, "NESTful runner");
    }

    /** The executor of a NESTful eval set: its functions folder next to it, default interpreter and limits. */
    public static PythonSequenceExecutor forEvalSet(Path evalSet, Path stateDir) {
        return new PythonSequenceExecutor(NestfulEvalSetFiles.functionsFolder(evalSet), defaultPython(), SandboxLimits.DEFAULT,
                stateDir.resolve("nestful"));
    }

    /** The interpreter: {@code $IBENCH_PYTHON} when set, else {@code python3}. */
    public static String defaultPython() {
        String configured = System.getenv("IBENCH_PYTHON");
        return configured == null || configured.isBlank() ? "python3" : configured;
    }

    @Override
    public Optional<String> unavailable(EvalSample sample) {
        if (!Files.isDirectory(functions)) {
            return Optional.of("no NESTful functions folder " + functions + " (import with --functions DIR)");
        }
        return goldCheck.computeIfAbsent(sample.sampleId(), id -> {
            ExecutionOutcome gold = execute(sample, sample.output());
            if (gold.observations().stream().anyMatch(o -> o.startsWith("error: sandbox:"))) {
                return Optional.of(gold.observations().get(gold.observations().size() - 1));
            }
            if (!gold.ok()) {
                return Optional.of("the gold sequence fails with these functions: " + last(gold.observations()));
            }
            if (!matchesGold(sample, gold.answer())) {
                return Optional.of("the gold sequence gives " + abbreviate(gold.answer()) + ", not the gold answer "
                        + abbreviate(sample.goldAnswer()) + " (a random or differently implemented function)");
            }
            return Optional.empty();
        });
    }

    @Override
    public boolean matchesGold(EvalSample sample, Object actual) {
        return NestfulAnswers.matches(sample.goldAnswer(), actual);
    }

    @Override
    public ExecutionOutcome execute(EvalSample sample, List<ToolCall> calls) {
        List<String> observations = new ArrayList<>();
        Process process;
        try {
            process = new ProcessBuilder(python, "-I", "-B", runner.toString(), functions.toString(),
                    Integer.toString(limits.memoryMb()), Integer.toString(limits.cpuSeconds()))
                    .directory(runner.getParent().toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            observations.add("error: sandbox: cannot start '" + python + "': " + e.getMessage());
            return new ExecutionOutcome(null, observations, false);
        }
        long deadline = System.nanoTime() + limits.perSequence().toNanos();
        Map<String, Integer> outputsByLabel = new HashMap<>();
        Map<String, Object> producerTools = toolsByName(sample);
        try (Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            Object answer = null;
            for (ToolCall call : calls) {
                String label = NestfulReference.normalizeLabel(call.label());
                Map<String, Object> request = new LinkedHashMap<>();
                request.put("name", call.name());
                request.put("label", label);
                request.put("args", encodeReferences(call.arguments(), outputsByLabel));
                in.write(Json.MAPPER.writeValueAsString(request) + "\n");
                in.flush();
                long remaining = Math.min(limits.perCall().toNanos(), deadline - System.nanoTime());
                String line = readLine(out, remaining);
                if (line == null) {
                    observations.add("error: " + call.name() + ": the function process ended (memory or CPU limit exceeded, or it exited)");
                    return new ExecutionOutcome(null, observations, false);
                }
                Map<?, ?> reply = Json.MAPPER.readValue(line, Map.class);
                if (!Boolean.TRUE.equals(reply.get("ok"))) {
                    observations.add("error: " + call.name() + ": " + reply.get("error"));
                    return new ExecutionOutcome(null, observations, false);
                }
                answer = reply.get("value");
                observations.add(call.name() + " -> " + abbreviate(answer));
                if (label != null) {
                    outputsByLabel.put(label, outputCount(producerTools.get(call.name())));
                }
            }
            return new ExecutionOutcome(answer, observations, true);
        } catch (TimeoutException e) {
            observations.add("error: " + calls.get(observations.size()).name() + ": exceeded the time limit ("
                    + limits.perCall().toMillis() + " ms per call, " + limits.perSequence().toMillis() + " ms per sequence)");
            return new ExecutionOutcome(null, observations, false);
        } catch (IOException e) {
            observations.add("error: the function process failed: " + e.getMessage());
            return new ExecutionOutcome(null, observations, false);
        } finally {
            process.destroyForcibly();
        }
    }

    private String readLine(BufferedReader out, long timeoutNanos) throws IOException, TimeoutException {
        if (timeoutNanos <= 0) {
            throw new TimeoutException();
        }
        Future<String> line = readers.submit(out::readLine);
        try {
            return line.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } finally {
            line.cancel(true);
        }
    }

    /**
     * Replaces every nested reference by the runner's reference object; the output index follows the producer's spec.
     * A reference to a label no earlier call carries is sent too, so the call fails naming it.
     */
    private static Object encodeReferences(Object value, Map<String, Integer> outputsByLabel) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), encodeReferences(v, outputsByLabel)));
            return out;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(v -> encodeReferences(v, outputsByLabel)).toList();
        }
        Optional<NestfulReference> ref = NestfulReference.parse(value);
        if (ref.isEmpty()) {
            return value;
        }
        Map<String, Object> encoded = new LinkedHashMap<>();
        encoded.put("__ibench_ref__", ref.get().label());
        String field = ref.get().field();
        Integer index = null;
        String key = null;
        if (field != null && !field.equals("result")) {
            if (field.matches("output_\\d+")) {
                int i = Integer.parseInt(field.substring("output_".length()));
                index = outputsByLabel.getOrDefault(ref.get().label(), 1) > 1 ? i : null;
            } else {
                key = field;
            }
        }
        encoded.put("index", index);
        encoded.put("key", key);
        return encoded;
    }

    private static Map<String, Object> toolsByName(EvalSample sample) {
        Map<String, Object> byName = new HashMap<>();
        sample.tools().forEach(t -> byName.put(String.valueOf(t.get("name")), t));
        return byName;
    }

    /** How many outputs a tool declares ({@code output_parameters}); one when it declares none or is unknown. */
    private static int outputCount(Object tool) {
        if (tool instanceof Map<?, ?> spec && spec.get("output_parameters") instanceof Map<?, ?> outputs) {
            return Math.max(1, outputs.size());
        }
        return 1;
    }

    private static String last(List<String> observations) {
        return observations.isEmpty() ? "" : observations.get(observations.size() - 1);
    }

    private static String abbreviate(Object value) {
        String s;
        try {
            s = Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            s = String.valueOf(value);
        }
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }
}
