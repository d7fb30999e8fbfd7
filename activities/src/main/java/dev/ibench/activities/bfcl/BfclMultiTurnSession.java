package dev.ibench.activities.bfcl;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One BFCL multi-turn entry's backends in their own sandboxed interpreter ({@code bfcl_multi_turn_runner.py} in session
 * mode): calls executed step by step with the state kept between them. Opened by
 * {@link BfclMultiTurnExecutor#open}; a request that takes longer than the limit, or a process that ended, is an
 * {@link IllegalStateException} and the session is closed (rebuild it by opening a new one with the recorded calls).
 */
public final class BfclMultiTurnSession implements AutoCloseable {
    private final Process process;
    private final Writer in;
    private final BufferedReader out;
    private final Duration perRequest;

    private BfclMultiTurnSession(Process process, Duration perRequest) {
        this.process = process;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.perRequest = perRequest;
    }

    static BfclMultiTurnSession start(String python, Path runner, Path bfclEval, int memoryMb, Duration perRequest, BfclMultiTurnEntry entry,
                                      BfclWebSearchAccess webSearch) {
        Process process;
        ProcessBuilder pb = BfclMultiTurnExecutor.runnerProcess(python, runner, bfclEval, memoryMb, Math.max(60, perRequest.toSeconds() * 10));
        webSearch.configure(pb.environment(), entry);
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start '" + python + "' for the BFCL backends", e);
        }
        BfclMultiTurnSession session = new BfclMultiTurnSession(process, perRequest);
        ObjectNode open = Json.MAPPER.createObjectNode().put("op", "open");
        ObjectNode e = open.putObject("entry");
        e.put("id", entry.id());
        e.set("initial_config", Json.MAPPER.valueToTree(entry.initialConfig()));
        e.set("involved_classes", Json.MAPPER.valueToTree(entry.involvedClasses()));
        e.put("long_context", entry.longContext());
        try {
            session.request(open);
        } catch (RuntimeException ex) {
            session.close();
            throw ex;
        }
        return session;
    }

    /** Executes one step's calls (Python call texts); their results, as bfcl-eval's executor gives them. */
    public List<String> execute(List<String> calls) {
        ObjectNode request = Json.MAPPER.createObjectNode().put("op", "execute");
        request.set("calls", Json.MAPPER.valueToTree(calls));
        try {
            JsonNode reply = Json.MAPPER.readTree(request(request));
            return Json.MAPPER.convertValue(reply.path("results"), new TypeReference<List<String>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The backends' whole state (every attribute of every instance, private ones too) as canonical JSON text: two
     * sessions whose states are equal give the same text.
     */
    public String state() {
        return request(Json.MAPPER.createObjectNode().put("op", "state"));
    }

    /**
     * A memory backend's memory as bfcl-eval's own {@code _flush_memory_to_local_file} writes its snapshot file (the
     * file's JSON text), for the next conversation of the scenario to start from.
     */
    public String memorySnapshot() {
        return textOf(request(Json.MAPPER.createObjectNode().put("op", "memory_snapshot")), "snapshot");
    }

    /** The memory text bfcl-eval shows the model in the system prompt ({@code _dump_core_memory_to_context}). */
    public String memoryContext() {
        return textOf(request(Json.MAPPER.createObjectNode().put("op", "memory_context")), "context");
    }

    private static String textOf(String reply, String field) {
        try {
            return Json.MAPPER.readTree(reply).path(field).asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String request(ObjectNode request) {
        try {
            in.write(Json.MAPPER.writeValueAsString(request) + "\n");
            in.flush();
            String line = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, PipeReads.EXECUTOR).get(perRequest.toMillis(), TimeUnit.MILLISECONDS);
            if (line == null) {
                throw new IllegalStateException("the BFCL backend process ended (memory or CPU limit exceeded, or killed)");
            }
            if (line.startsWith("{\"error\": \"")) { // the runner writes keys sorted: an error reply starts with it
                throw new IllegalStateException("BFCL backends: " + Json.MAPPER.readTree(line).path("error").asText());
            }
            return line;
        } catch (IOException e) {
            close();
            throw new IllegalStateException("the BFCL backend process ended: " + e.getMessage(), e);
        } catch (TimeoutException e) {
            close();
            throw new IllegalStateException("the BFCL backends took longer than " + perRequest.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            close();
            throw new IllegalStateException("the BFCL backend process ended: " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Whether the interpreter is still running. */
    public boolean alive() {
        return process.isAlive();
    }

    /** Kills the interpreter at once (what a worker crash does to it). */
    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
