package dev.ibench.activities.rest;

import dev.ibench.core.json.Json;
import dev.ibench.core.rest.DedupDecision;
import dev.ibench.core.rest.EndpointResult;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.GeneratedEndpoint;
import dev.ibench.core.rest.JudgeVerdict;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The artifact store of one REST job: every step's full result as a JSON file under
 * {@code <out>/.rest-work/<source>-<db>-<fingerprint>/}, so workflow history carries only ids and every
 * activity is idempotent (a step whose file exists returns it instead of running again; a code-gen step never
 * pays twice). Files are written to a temporary name and moved into place. Workers that share the job must share
 * the output folder.
 */
public final class RestWorkStore {
    /** The plan: question count, candidate ids, and the reason of every question set aside. */
    public record PlanRecord(int questions, List<String> candidates, Map<String, String> rejected) {}

    /** A proposed endpoint (null when the step failed) with who produced it, or the failure reason and detail. */
    public record ProposalRecord(String producer, GeneratedEndpoint endpoint, String reason, String detail) {}

    /** The endpoint's response to the question's own arguments, or why it could not be executed. */
    public record ExecutionRecord(EndpointResult result, String reason, String detail) {}

    /** A judge's verdict; {@code escalate} when the deterministic judge leaves it to an LLM judge. */
    public record VerdictRecord(JudgeVerdict verdict, boolean escalate) {}

    /** The deduplicated endpoints, the decisions, and the endpoint each accepted question's sample calls (absent when dropped). */
    public record DedupRecord(List<EndpointSpec> endpoints, List<DedupDecision> decisions, Map<String, String> endpointOfQuestion) {}

    private final Path dir;

    public RestWorkStore(Path dir) {
        this.dir = dir;
    }

    public static RestWorkStore of(RestJob job) {
        return new RestWorkStore(Path.of(job.outDir()).resolve(".rest-work").resolve(job.source() + "-" + job.dbId() + "-" + job.fingerprint()));
    }

    public Path dir() {
        return dir;
    }

    public Optional<PlanRecord> plan() {
        return read("plan.json", PlanRecord.class);
    }

    public void writePlan(PlanRecord plan) {
        write("plan.json", plan);
    }

    @SuppressWarnings("unchecked")
    public List<List<Object>> gold(String questionId) {
        return read("gold/" + safe(questionId) + ".json", List.class).orElseThrow(() -> missing("gold rows for question " + questionId));
    }

    public void writeGold(String questionId, List<List<Object>> rows) {
        write("gold/" + safe(questionId) + ".json", rows);
    }

    public Optional<ProposalRecord> proposal(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, "proposal"), ProposalRecord.class);
    }

    public void writeProposal(String questionId, int attempt, ProposalRecord r) {
        write(attemptFile(questionId, attempt, "proposal"), r);
    }

    public Optional<ExecutionRecord> execution(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, "execution"), ExecutionRecord.class);
    }

    public void writeExecution(String questionId, int attempt, ExecutionRecord r) {
        write(attemptFile(questionId, attempt, "execution"), r);
    }

    public Optional<VerdictRecord> verdict(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, "verdict"), VerdictRecord.class);
    }

    public void writeVerdict(String questionId, int attempt, VerdictRecord r) {
        write(attemptFile(questionId, attempt, "verdict"), r);
    }

    public Optional<VerdictRecord> llmVerdict(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, "llm-verdict"), VerdictRecord.class);
    }

    public void writeLlmVerdict(String questionId, int attempt, VerdictRecord r) {
        write(attemptFile(questionId, attempt, "llm-verdict"), r);
    }

    public Optional<DedupRecord> dedup() {
        return read("dedup.json", DedupRecord.class);
    }

    public void writeDedup(DedupRecord r) {
        write("dedup.json", r);
    }

    /**
     * What went wrong with an attempt, as the code-gen prompt of the next attempt tells the model: the invalid
     * proposal, the execution error, or the judges' verdicts. Null when the attempt left no failure behind.
     */
    public String failureOf(String questionId, int attempt) {
        Optional<ProposalRecord> p = proposal(questionId, attempt);
        if (p.isPresent() && p.get().endpoint() == null) return p.get().reason() + ": " + p.get().detail();
        Optional<ExecutionRecord> e = execution(questionId, attempt);
        if (e.isPresent() && e.get().result() == null) return e.get().reason() + ": " + e.get().detail();
        Optional<VerdictRecord> v = verdict(questionId, attempt);
        if (v.isEmpty() || v.get().verdict().match()) return null;
        String text = "answer_mismatch: " + v.get().verdict().rationale();
        Optional<VerdictRecord> llm = llmVerdict(questionId, attempt);
        if (llm.isPresent()) text += "; the LLM judge said no: " + llm.get().verdict().rationale();
        return text;
    }

    /** A step's input is gone (the work folder was deleted or moved while the workflow ran): retrying cannot bring it back. */
    public ApplicationFailure missing(String what) {
        return ApplicationFailure.newNonRetryableFailure("the REST work folder " + dir + " has no " + what
                + " (deleted or moved while the workflow ran?); build again into the same --out to redo the lost steps", RestDatabases.BAD_INPUT);
    }

    private static String attemptFile(String questionId, int attempt, String step) {
        return "q/" + safe(questionId) + "/a" + attempt + "." + step + ".json";
    }

    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private <T> Optional<T> read(String name, Class<T> type) {
        Path f = dir.resolve(name);
        if (!Files.isRegularFile(f)) return Optional.empty();
        try {
            return Optional.of(Json.MAPPER.readValue(f.toFile(), type));
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable REST work file " + f, e);
        }
    }

    private void write(String name, Object value) {
        Path f = dir.resolve(name);
        try {
            Files.createDirectories(f.getParent());
            Path tmp = f.resolveSibling(f.getFileName() + "." + Thread.currentThread().getId() + ".tmp");
            Json.MAPPER.writeValue(tmp.toFile(), value);
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write REST work file " + f, e);
        }
    }
}
