package dev.ibench.activities.rest;

import dev.ibench.activities.rest.RestWorkStore.DedupRecord;
import dev.ibench.activities.rest.RestWorkStore.ExecutionRecord;
import dev.ibench.activities.rest.RestWorkStore.PlanRecord;
import dev.ibench.activities.rest.RestWorkStore.ProposalRecord;
import dev.ibench.activities.rest.RestWorkStore.VerdictRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every attempt of every question of a job, read back from the work store: what {@code <source>-<db>-rest-report.json}
 * shows (which path produced each endpoint, why each attempt failed, the judges' rationales) and the counts of
 * the publish step.
 */
final class RestGenerationLog {
    record Attempt(int attempt, String producer, String outcome, String detail, String judge) {}

    record QuestionLog(String questionId, String status, String producedBy, String endpoint, List<Attempt> attempts) {}

    private final List<QuestionLog> questions;
    private final int inScope;
    private final int modelAttempts;
    private final int llmJudgeCalls;

    private RestGenerationLog(List<QuestionLog> questions, int inScope, int modelAttempts, int llmJudgeCalls) {
        this.questions = questions;
        this.inScope = inScope;
        this.modelAttempts = modelAttempts;
        this.llmJudgeCalls = llmJudgeCalls;
    }

    static RestGenerationLog of(RestWorkStore store, PlanRecord plan, List<QuestionOutcome> outcomes, DedupRecord dedup) {
        List<QuestionLog> logs = new ArrayList<>();
        int inScope = 0;
        int model = 0;
        int judged = 0;
        for (QuestionOutcome o : outcomes) {
            List<Attempt> attempts = new ArrayList<>();
            boolean anySpec = false;
            for (int n = 1; ; n++) {
                Optional<ProposalRecord> p = store.proposal(o.questionId(), n);
                if (p.isEmpty()) break;
                if (p.get().producer().startsWith("llm:")) model++;
                anySpec |= p.get().endpoint() != null;
                Optional<VerdictRecord> llm = store.llmVerdict(o.questionId(), n);
                if (llm.isPresent()) judged++;
                attempts.add(attempt(store, o.questionId(), n, p.get(), llm));
            }
            if (anySpec) inScope++;
            String endpoint = o.isAccepted() ? dedup.endpointOfQuestion().get(o.questionId()) : null;
            String status = !o.isAccepted() ? o.reason() : endpoint == null ? "near_duplicate" : "verified";
            logs.add(new QuestionLog(o.questionId(), status, o.producer(), endpoint, attempts));
        }
        plan.rejected().forEach((q, reason) -> logs.add(new QuestionLog(q, reason, null, null, List.of())));
        return new RestGenerationLog(logs, inScope, model, judged);
    }

    private static Attempt attempt(RestWorkStore store, String q, int n, ProposalRecord p, Optional<VerdictRecord> llm) {
        if (p.endpoint() == null) return new Attempt(n, p.producer(), p.reason(), p.detail(), null);
        Optional<ExecutionRecord> e = store.execution(q, n);
        if (e.isEmpty()) return new Attempt(n, p.producer(), "not_executed", null, null);
        if (e.get().result() == null) return new Attempt(n, p.producer(), e.get().reason(), e.get().detail(), null);
        Optional<VerdictRecord> v = store.verdict(q, n);
        if (v.isEmpty()) return new Attempt(n, p.producer(), "not_judged", null, null);
        VerdictRecord decided = llm.orElse(v.get());
        String detail = llm.isPresent() ? "deterministic: " + v.get().verdict().rationale() + "; llm: " + llm.get().verdict().rationale()
                : v.get().verdict().rationale();
        return new Attempt(n, p.producer(), decided.verdict().match() ? "verified" : "answer_mismatch", detail, decided.verdict().judge());
    }

    int inScope() {
        return inScope;
    }

    int modelAttempts() {
        return modelAttempts;
    }

    int llmJudgeCalls() {
        return llmJudgeCalls;
    }

    Map<String, Object> toJson(RestPublished summary) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("db_id", summary.dbId());
        m.put("questions", summary.questions());
        m.put("in_scope", summary.inScope());
        m.put("verified", summary.verified());
        m.put("endpoints", summary.endpoints());
        m.put("produced_by", summary.producedBy());
        m.put("verified_by", summary.verifiedBy());
        m.put("by_reason", summary.byReason());
        m.put("merged_same_template", summary.mergedSameTemplate());
        m.put("near_duplicates_dropped", summary.nearDuplicatesDropped());
        m.put("model_attempts", summary.modelAttempts());
        m.put("llm_judge_calls", summary.llmJudgeCalls());
        List<Map<String, Object>> qs = new ArrayList<>();
        for (QuestionLog q : questions) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("question", q.questionId());
            e.put("status", q.status());
            if (q.producedBy() != null) e.put("produced_by", q.producedBy());
            if (q.endpoint() != null) e.put("endpoint", q.endpoint());
            List<Map<String, Object>> as = new ArrayList<>();
            for (Attempt a : q.attempts()) {
                Map<String, Object> am = new LinkedHashMap<>();
                am.put("attempt", a.attempt());
                am.put("producer", a.producer());
                am.put("outcome", a.outcome());
                if (a.detail() != null) am.put("detail", a.detail());
                if (a.judge() != null) am.put("judge", a.judge());
                as.add(am);
            }
            e.put("attempts", as);
            qs.add(e);
        }
        m.put("by_question", qs);
        return m;
    }
}
