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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The work records of one REST job, work id {@code <source>-<db>-<fingerprint>}: every step's full result as a JSON
 * record ({@code plan.json}, {@code gold/<q>.json}, {@code q/<q>/a<n>.<step>.json}, {@code dedup.json}) kept in
 * {@link RestWorkRecords} (the artifact store, named from the results store), so workflow history carries only ids
 * and every activity is idempotent (a step whose record exists returns it instead of running again; a code-gen step
 * never pays twice). Workers that share the job share the results store, not a folder.
 */
public final class RestWorkStore {
    /** The plan: question count, candidate ids, and the reason of every question set aside. */
    public record PlanRecord(int questions, List<String> candidates, Map<String, String> rejected) {
        /** How many questions were set aside, by reason. */
        public Map<String, Integer> rejectedByReason() {
            Map<String, Integer> counts = new TreeMap<>();
            rejected.values().forEach(r -> counts.merge(r, 1, Integer::sum));
            return counts;
        }
    }

    /** A proposed endpoint (null when the step failed) with who produced it, or the failure reason and detail. */
    public record ProposalRecord(String producer, GeneratedEndpoint endpoint, String reason, String detail) {}

    /** The endpoint's response to the question's own arguments, or why it could not be executed. */
    public record ExecutionRecord(EndpointResult result, String reason, String detail) {}

    /** A judge's verdict; {@code escalate} when the deterministic judge leaves it to an LLM judge. */
    public record VerdictRecord(JudgeVerdict verdict, boolean escalate) {}

    /** The deduplicated endpoints, the decisions, and the endpoint each accepted question's sample calls (absent when dropped). */
    public record DedupRecord(List<EndpointSpec> endpoints, List<DedupDecision> decisions, Map<String, String> endpointOfQuestion) {
        /** How many decisions were of this kind ({@code same_sql_template}, {@code near_duplicate}, ...). */
        public int decisions(String kind) {
            return (int) decisions.stream().filter(d -> d.decision().equals(kind)).count();
        }
    }

    private static final String PROPOSAL = "proposal";
    private static final String EXECUTION = "execution";
    private static final String VERDICT = "verdict";
    private static final String LLM_VERDICT = "llm-verdict";

    private final RestWorkRecords records;
    private final String workId;

    public RestWorkStore(RestWorkRecords records, String workId) {
        this.records = records;
        this.workId = workId;
    }

    public static RestWorkStore of(RestJob job, RestWorkRecords records) {
        return new RestWorkStore(records, workId(job));
    }

    /** The key of a job's records: the same job (same paths, models, settings) always has the same one. */
    public static String workId(RestJob job) {
        return job.source() + "-" + job.dbId() + "-" + job.fingerprint();
    }

    public String workId() {
        return workId;
    }

    /** The plan, computed and stored on first use. */
    public PlanRecord plan(Supplier<PlanRecord> compute) {
        return once("plan.json", PlanRecord.class, compute);
    }

    public PlanRecord requirePlan() {
        return read("plan.json", PlanRecord.class).orElseThrow(() -> missing("plan"));
    }

    @SuppressWarnings("unchecked")
    public List<List<Object>> gold(String questionId) {
        return read("gold/" + safe(questionId) + ".json", List.class).orElseThrow(() -> missing("gold rows for question " + questionId));
    }

    public void writeGold(String questionId, List<List<Object>> rows) {
        write("gold/" + safe(questionId) + ".json", rows);
    }

    public Optional<ProposalRecord> proposal(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, PROPOSAL), ProposalRecord.class);
    }

    /** An attempt's proposal, computed (e.g. by asking the model) and stored only when none is stored yet. */
    public ProposalRecord proposal(String questionId, int attempt, Supplier<ProposalRecord> compute) {
        return once(attemptFile(questionId, attempt, PROPOSAL), ProposalRecord.class, compute);
    }

    /** The endpoint an attempt proposed; its absence means the work folder lost it. */
    public ProposalRecord requireEndpoint(String questionId, int attempt) {
        return proposal(questionId, attempt).filter(p -> p.endpoint() != null)
                .orElseThrow(() -> missing("endpoint for attempt " + attempt + " of question " + questionId));
    }

    public Optional<ExecutionRecord> execution(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, EXECUTION), ExecutionRecord.class);
    }

    public ExecutionRecord execution(String questionId, int attempt, Supplier<ExecutionRecord> compute) {
        return once(attemptFile(questionId, attempt, EXECUTION), ExecutionRecord.class, compute);
    }

    /** The response of an attempt that executed; its absence means the work folder lost it. */
    public EndpointResult requireResult(String questionId, int attempt) {
        return execution(questionId, attempt).map(ExecutionRecord::result)
                .orElseThrow(() -> missing("successful execution of attempt " + attempt + " of question " + questionId));
    }

    public Optional<VerdictRecord> verdict(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, VERDICT), VerdictRecord.class);
    }

    public VerdictRecord verdict(String questionId, int attempt, Supplier<VerdictRecord> compute) {
        return once(attemptFile(questionId, attempt, VERDICT), VerdictRecord.class, compute);
    }

    public Optional<VerdictRecord> llmVerdict(String questionId, int attempt) {
        return read(attemptFile(questionId, attempt, LLM_VERDICT), VerdictRecord.class);
    }

    public VerdictRecord llmVerdict(String questionId, int attempt, Supplier<VerdictRecord> compute) {
        return once(attemptFile(questionId, attempt, LLM_VERDICT), VerdictRecord.class, compute);
    }

    public DedupRecord requireDedup() {
        return read("dedup.json", DedupRecord.class).orElseThrow(() -> missing("dedup result"));
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

    /** A step's input is gone (the records were deleted, or this worker uses another store): retrying cannot bring it back. */
    public ApplicationFailure missing(String what) {
        return ApplicationFailure.newNonRetryableFailure("the " + records.describe(workId) + " has no " + what
                + " (deleted while the workflow ran, or this worker uses another IBENCH_STORE / IBENCH_ARTIFACTS than the one that"
                + " ran the earlier steps?); build again to redo the lost steps", RestDatabases.BAD_INPUT);
    }

    /** The stored record, else the computed one, stored: what makes every step idempotent. */
    private <T> T once(String name, Class<T> type, Supplier<T> compute) {
        Optional<T> stored = read(name, type);
        if (stored.isPresent()) return stored.get();
        T computed = compute.get();
        write(name, computed);
        return computed;
    }

    private static String attemptFile(String questionId, int attempt, String step) {
        return "q/" + safe(questionId) + "/a" + attempt + "." + step + ".json";
    }

    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private <T> Optional<T> read(String name, Class<T> type) {
        Optional<byte[]> bytes = records.read(workId, name);
        if (bytes.isEmpty()) return Optional.empty();
        try {
            return Optional.of(Json.MAPPER.readValue(bytes.get(), type));
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable REST work record " + name + " of " + records.describe(workId), e);
        }
    }

    private void write(String name, Object value) {
        try {
            records.write(workId, name, Json.MAPPER.writeValueAsBytes(value));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise REST work record " + name + " of " + workId, e);
        }
    }
}
