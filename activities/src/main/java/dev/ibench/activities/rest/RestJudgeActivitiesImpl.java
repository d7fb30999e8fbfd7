package dev.ibench.activities.rest;

import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.rest.RestWorkStore.ExecutionRecord;
import dev.ibench.activities.rest.RestWorkStore.ProposalRecord;
import dev.ibench.activities.rest.RestWorkStore.VerdictRecord;
import dev.ibench.core.rest.DeterministicJudge;
import dev.ibench.core.rest.JudgeEscalation;
import dev.ibench.core.rest.JudgeVerdict;
import java.util.List;

public final class RestJudgeActivitiesImpl implements RestJudgeActivities {
    @Override
    public RestJudgeOutcome judge(RestStep step) {
        return Heartbeating.call(() -> judgeNow(step), RestGenerationActivitiesImpl.HEARTBEAT_EVERY, "judge " + step.questionId());
    }

    private RestJudgeOutcome judgeNow(RestStep step) {
        RestWorkStore store = RestWorkStore.of(step.job());
        String q = step.questionId();
        VerdictRecord stored = store.verdict(q, step.attempt()).orElse(null);
        if (stored == null) {
            ExecutionRecord execution = store.execution(q, step.attempt()).filter(e -> e.result() != null)
                    .orElseThrow(() -> store.missing("successful execution of attempt " + step.attempt() + " of question " + q));
            ProposalRecord proposal = store.proposal(q, step.attempt()).orElseThrow(() -> store.missing("proposal of attempt " + step.attempt()));
            List<List<Object>> gold = store.gold(q);
            JudgeVerdict verdict = DeterministicJudge.judge(gold, execution.result(), proposal.endpoint().spec().response().ordered());
            stored = new VerdictRecord(verdict, !verdict.match() && JudgeEscalation.formatsDiffer(gold, execution.result()));
            store.writeVerdict(q, step.attempt(), stored);
        }
        return new RestJudgeOutcome(stored.verdict().match(), stored.escalate(), stored.verdict().judge(), stored.verdict().rationale());
    }
}
