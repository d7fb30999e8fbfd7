package dev.ibench.activities.bfcl;

import dev.ibench.activities.sandbox.RunnerScript;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnChecker;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnTrace;
import dev.ibench.core.bfcl.BfclMultiTurnVerdict;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Executes BFCL multi-turn conversations against bfcl-eval's own backend classes (the installed package's
 * {@code multi_turn_eval/func_source_code}, never a copy) in a sandboxed {@code python3} ({@code bfcl_multi_turn_runner.py}:
 * memory and CPU limits, no file writes, no network but for a web-search entry's session, {@link BfclWebSearchAccess}; the
 * process is killed at the wall-clock limit), and scores them
 * with {@link BfclMultiTurnChecker}. The model's calls and the ground truth's run on separate instances loaded from the
 * entry's initial state, state kept across turns. One process serves a batch of entries, each with its own instances.
 */
public final class BfclMultiTurnExecutor {
    private static final String RUNNER = "bfcl_multi_turn_runner.py";

    /** A conversation to execute: the model's decoded calls per turn, per step. */
    public record Request(BfclMultiTurnEntry entry, List<List<List<String>>> modelTurns) {}

    /** The executed trace, or why the backends could not run the entry (then {@code trace} is null). */
    public record Result(BfclMultiTurnTrace trace, String error) {}

    private final BfclEvalPackage bfclEval;
    private final String python;
    private final int memoryMb;
    private final Path runner;
    private final BfclWebSearchAccess webSearch;

    /** Web-search entries as the worker's environment sets them ({@link BfclWebSearchAccess#fromEnvironment}). */
    public BfclMultiTurnExecutor(BfclEvalPackage bfclEval, String python, int memoryMb, Path workDir) {
        this(bfclEval, python, memoryMb, workDir, BfclWebSearchAccess.fromEnvironment(System.getenv()));
    }

    public BfclMultiTurnExecutor(BfclEvalPackage bfclEval, String python, int memoryMb, Path workDir, BfclWebSearchAccess webSearch) {
        this.bfclEval = bfclEval;
        this.python = python;
        this.memoryMb = memoryMb;
        this.runner = RunnerScript.write(BfclMultiTurnExecutor.class, RUNNER, workDir, "BFCL multi-turn runner");
        this.webSearch = webSearch;
    }

    /**
     * A session of one entry in its own sandboxed interpreter (state kept between calls), as a campaign runs an entry;
     * {@code recordedSteps} (the calls already executed, per step) are executed again first, which rebuilds the state
     * a lost session had (the backends are deterministic).
     */
    public BfclMultiTurnSession open(BfclMultiTurnEntry entry, List<List<String>> recordedSteps, Duration perRequest) {
        return open(entry, recordedSteps, perRequest, null);
    }

    /** {@link #open(BfclMultiTurnEntry, List, Duration)} with a web-search entry's key read from {@code searchKeyEnv} (null: the worker's). */
    public BfclMultiTurnSession open(BfclMultiTurnEntry entry, List<List<String>> recordedSteps, Duration perRequest, String searchKeyEnv) {
        BfclMultiTurnSession session = BfclMultiTurnSession.start(python, runner, bfclEval.root(), memoryMb, perRequest, entry,
                webSearch.withKeyEnv(searchKeyEnv));
        try {
            for (List<String> step : recordedSteps) {
                session.execute(step);
            }
            return session;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Executes and scores one conversation (BFCL's verdict, per-turn credit); a backend failure is an exception. */
    public BfclMultiTurnVerdict score(BfclMultiTurnEntry entry, List<List<List<String>>> modelTurns, Duration timeout) {
        Result r = execute(List.of(new Request(entry, modelTurns)), timeout).get(0);
        if (r.trace() == null) {
            throw new IllegalStateException("BFCL backends could not run entry " + entry.id() + ": " + r.error());
        }
        return BfclMultiTurnChecker.check(r.trace(), entry.groundTruth().size());
    }

    /** Executes every request in one sandboxed process, answers in order. */
    public List<Result> execute(List<Request> requests, Duration timeout) {
        Process process;
        try {
            int cpuSeconds = (int) Math.max(1, timeout.toSeconds());
            ProcessBuilder pb = runnerProcess(python, runner, bfclEval.root(), memoryMb, cpuSeconds);
            webSearch.configure(pb.environment(), null);
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start '" + python + "' for the BFCL backends", e);
        }
        try {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> write(requests, process.getOutputStream()), PipeReads.EXECUTOR);
            CompletableFuture<List<String>> reader = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, PipeReads.EXECUTOR);
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("the BFCL backends took longer than " + timeout.toSeconds() + " s for " + requests.size() + " entries");
            }
            writer.join();
            List<String> lines = reader.join();
            List<Result> results = new ArrayList<>();
            for (String line : lines) {
                results.add(result(line));
            }
            while (results.size() < requests.size()) {
                results.add(new Result(null, "the backend process ended (memory or CPU limit exceeded) after " + lines.size() + " entries"));
            }
            return results;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The sandboxed runner's process. {@code TZ=UTC}: TradingBot turns seeded random timestamps into dates with
     * {@code datetime.fromtimestamp}, which reads the local time zone; a conversation rebuilt on a worker elsewhere must
     * give the same results.
     */
    static ProcessBuilder runnerProcess(String python, Path runner, Path bfclEvalRoot, int memoryMb, long cpuSeconds) {
        ProcessBuilder pb = new ProcessBuilder(python, "-I", "-B", runner.toString(), bfclEvalRoot.toString(), Integer.toString(memoryMb),
                Long.toString(cpuSeconds))
                .directory(runner.getParent().toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("TZ", "UTC");
        return pb;
    }

    private static Result result(String line) {
        try {
            JsonNode reply = Json.MAPPER.readTree(line);
            if (reply.path("error").isTextual()) {
                return new Result(null, reply.path("error").asText());
            }
            List<BfclMultiTurnTrace.Turn> turns = new ArrayList<>();
            for (JsonNode t : reply.path("turns")) {
                turns.add(new BfclMultiTurnTrace.Turn(
                        Json.MAPPER.convertValue(t.path("model_steps"), new TypeReference<List<List<String>>>() {}),
                        Json.MAPPER.convertValue(t.path("model_results"), new TypeReference<List<List<String>>>() {}),
                        Json.MAPPER.convertValue(t.path("ground_truth"), new TypeReference<List<String>>() {}),
                        Json.MAPPER.convertValue(t.path("ground_truth_results"), new TypeReference<List<String>>() {}),
                        Json.MAPPER.convertValue(t.path("state_mismatch"), new TypeReference<List<String>>() {})));
            }
            return new Result(new BfclMultiTurnTrace(turns), null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(List<Request> requests, OutputStream stdin) {
        try (OutputStream out = stdin) {
            for (Request r : requests) {
                ObjectNode line = Json.MAPPER.createObjectNode();
                ObjectNode entry = line.putObject("entry");
                entry.put("id", r.entry().id());
                entry.set("initial_config", Json.MAPPER.valueToTree(r.entry().initialConfig()));
                entry.set("involved_classes", Json.MAPPER.valueToTree(r.entry().involvedClasses()));
                entry.put("long_context", r.entry().longContext());
                line.set("turns", Json.MAPPER.valueToTree(withoutEmptySteps(r.modelTurns())));
                line.set("ground_truth", Json.MAPPER.valueToTree(r.entry().groundTruth()));
                out.write((Json.MAPPER.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the process ended early; the missing answers say so
        }
    }

    /**
     * The steps that decoded to calls: bfcl-eval's evaluation drops a step whose decoded calls are empty (no call, or
     * one empty text; {@code is_empty_execute_response}) before its checker sees the turn.
     */
    static List<List<List<String>>> withoutEmptySteps(List<List<List<String>>> turns) {
        return turns.stream().map(t -> t.stream().filter(step -> !(step.isEmpty() || (step.size() == 1 && step.get(0).isEmpty()))).toList()).toList();
    }
}
