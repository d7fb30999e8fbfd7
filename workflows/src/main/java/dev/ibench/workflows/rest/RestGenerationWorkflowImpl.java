package dev.ibench.workflows.rest;

import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.rest.QuestionOutcome;
import dev.ibench.activities.rest.RestDedupSummary;
import dev.ibench.activities.rest.RestGenerationActivities;
import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestJudgeActivities;
import dev.ibench.activities.rest.RestJudgeOutcome;
import dev.ibench.activities.rest.RestModelActivities;
import dev.ibench.activities.rest.RestPlan;
import dev.ibench.activities.rest.RestPublished;
import dev.ibench.activities.rest.RestStep;
import dev.ibench.activities.rest.RestStepOutcome;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Walks a database's candidate questions with at most {@code questionsInFlight} in flight. Per question: with a
 * code-gen model, up to {@code maxAttempts} proposals, each executed and judged, each retry seeing the previous
 * verdict; then (or first, with {@code deterministicFirst}) the deterministic generator. A question whose every
 * path failed is discarded with the last path's reason. Model infrastructure failures that outlast the retries end
 * the model's attempts for that question ({@code llm_infra_error} in its log) and it falls back; an endpoint that
 * rejects every request stops the run. Before history grows large the run drains and continues as new.
 */
public final class RestGenerationWorkflowImpl implements RestGenerationWorkflow {
    static final int HISTORY_EVENTS_BEFORE_CONTINUE = 6000;
    static final String DETERMINISTIC = "deterministic";

    private RestJob job;
    private RestPlan plan;
    private final Map<Integer, QuestionOutcome> outcomes = new TreeMap<>();
    private int inFlight;
    private int window;
    private String failure;
    private String state = "PLANNING";
    private int publishedPercent = -1;

    @Override
    public RestPublished run(RestGenerationInput input) {
        job = input.job();
        window = Math.max(1, input.questionsInFlight());
        plan = input.plan() != null ? input.plan()
                : tools(Duration.ofMinutes(30), "plan " + job.source() + "/" + job.dbId()).plan(job);
        for (QuestionOutcome o : input.outcomes()) outcomes.put(plan.candidates().indexOf(o.questionId()), o);
        setState("RUNNING");

        int next = input.nextIndex();
        while (next < plan.candidates().size() && failure == null && !historyIsLarge()) {
            Workflow.await(() -> failure != null || inFlight < window);
            if (failure != null) break;
            int index = next++;
            inFlight++;
            Async.procedure(this::generate, index);
        }
        Workflow.await(() -> inFlight == 0);
        if (failure != null) {
            setState("FAILED");
            throw ApplicationFailure.newNonRetryableFailure(failure, FailureTypes.ENDPOINT_REJECTED);
        }
        if (next < plan.candidates().size()) {
            Workflow.continueAsNew(new RestGenerationInput(job, window, plan, next, List.copyOf(outcomes.values())));
        }
        setState("PUBLISHING");
        List<QuestionOutcome> all = List.copyOf(outcomes.values());
        RestDedupSummary dedup = tools(Duration.ofMinutes(10), "dedup " + all.size() + " questions").dedup(job, all);
        RestPublished published = tools(Duration.ofMinutes(10), "publish " + dedup.endpoints() + " endpoints").publish(job, all);
        setState("COMPLETED");
        return published;
    }

    private static boolean historyIsLarge() {
        return Workflow.getInfo().isContinueAsNewSuggested() || Workflow.getInfo().getHistoryLength() > HISTORY_EVENTS_BEFORE_CONTINUE;
    }

    private void generate(int index) {
        String q = plan.candidates().get(index);
        try {
            outcomes.put(index, question(q));
        } catch (ActivityFailure f) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) {
                if (failure == null) failure = "REST generation of " + job.dbId() + " stopped: " + Failures.rootMessage(f);
            } else {
                outcomes.put(index, QuestionOutcome.discarded(q, "infra_error"));
            }
        } finally {
            inFlight--;
            publishProgress();
        }
    }

    /** The steps of one question, in the order the job asks for. */
    private QuestionOutcome question(String q) {
        int attempt = 1;
        String reason = null;
        if (job.deterministicFirst()) {
            reason = deterministic(q, attempt);
            if (reason == null) return QuestionOutcome.accepted(q, attempt, DETERMINISTIC);
            attempt++;
        }
        for (int n = 0; n < job.modelAttempts(); n++, attempt++) {
            RestStepOutcome proposal;
            try {
                proposal = model("code-gen").propose(new RestStep(job, q, attempt));
            } catch (ActivityFailure f) {
                if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) throw f;
                reason = "llm_infra_error";
                attempt++;
                break;
            }
            if (!proposal.ok()) {
                reason = proposal.reason();
                if ("llm_rejected".equals(reason)) {
                    attempt++;
                    break;
                }
                continue;
            }
            reason = verify(q, attempt, proposal.producer());
            if (reason == null) return QuestionOutcome.accepted(q, attempt, proposal.producer());
        }
        if (!job.deterministicFirst()) {
            reason = deterministic(q, attempt);
            if (reason == null) return QuestionOutcome.accepted(q, attempt, DETERMINISTIC);
        }
        return QuestionOutcome.discarded(q, reason);
    }

    /** The deterministic generator's attempt: null when verified, else why not. */
    private String deterministic(String q, int attempt) {
        RestStepOutcome generated = tools(Duration.ofMinutes(2), "q " + q + " · attempt " + attempt + " · deterministic generator")
                .generateDeterministic(new RestStep(job, q, attempt));
        return generated.ok() ? verify(q, attempt, DETERMINISTIC) : generated.reason();
    }

    /** Execute and judge an attempt: null when verified, else the reason it was not. */
    private String verify(String q, int attempt, String producer) {
        RestStep step = new RestStep(job, q, attempt);
        String what = "q " + q + " · attempt " + attempt + " (" + producer + ")";
        RestStepOutcome executed = tools(Duration.ofMinutes(5), what + " · execute").execute(step);
        if (!executed.ok()) return executed.reason();
        RestJudgeOutcome verdict = Workflow.newActivityStub(RestJudgeActivities.class, RestActivityOptions.judge(what + " · judge")).judge(step);
        if (verdict.match()) return null;
        if (!verdict.escalate() || job.judgeProfile() == null) return "answer_mismatch";
        try {
            RestJudgeOutcome llm = Workflow.newActivityStub(RestModelActivities.class,
                    RestActivityOptions.model(job.judgeProfile(), what + " · LLM judge " + job.judgeProfile())).llmJudge(step);
            return llm.match() ? null : "answer_mismatch";
        } catch (ActivityFailure f) {
            if (FailureTypes.ENDPOINT_REJECTED.equals(Failures.type(f))) throw f;
            return "judge_infra_error";
        }
    }

    private RestModelActivities model(String what) {
        return Workflow.newActivityStub(RestModelActivities.class, RestActivityOptions.model(job.codegenProfile(), what + " " + job.codegenProfile()));
    }

    private RestGenerationActivities tools(Duration startToClose, String summary) {
        return Workflow.newActivityStub(RestGenerationActivities.class, RestActivityOptions.tools(startToClose, summary));
    }



    private void setState(String newState) {
        state = newState;
        Workflow.upsertTypedSearchAttributes(
                IbenchSearchAttributes.MODEL.valueSet(job.codegenProfile() == null ? DETERMINISTIC : job.codegenProfile()),
                IbenchSearchAttributes.BENCHMARK.valueSet("rest:" + job.source() + "/" + job.dbId()),
                IbenchSearchAttributes.STATE.valueSet(newState),
                IbenchSearchAttributes.PROGRESS.valueSet(percent() / 100.0));
        publishedPercent = percent();
        Workflow.setCurrentDetails(RestProgressMarkdown.render(job, progress()));
    }

    private void publishProgress() {
        int now = percent();
        if (now != publishedPercent) {
            publishedPercent = now;
            Workflow.upsertTypedSearchAttributes(IbenchSearchAttributes.PROGRESS.valueSet(now / 100.0));
        }
        Workflow.setCurrentDetails(RestProgressMarkdown.render(job, progress()));
    }

    private int percent() {
        int total = plan == null ? 0 : plan.candidates().size();
        return total == 0 ? (plan == null ? 0 : 100) : (int) (100L * outcomes.size() / total);
    }

    @Override
    public RestGenerationProgress progress() {
        Map<String, Integer> verifiedBy = new TreeMap<>();
        Map<String, Integer> discardedBy = new TreeMap<>();
        for (QuestionOutcome o : outcomes.values()) {
            if (o.isAccepted()) verifiedBy.merge(o.producer(), 1, Integer::sum);
            else discardedBy.merge(o.reason(), 1, Integer::sum);
        }
        return new RestGenerationProgress(job == null ? null : job.dbId(), state, plan == null ? 0 : plan.candidates().size(),
                outcomes.size(), inFlight, verifiedBy, discardedBy);
    }
}
