package dev.ibench.activities.rest;

import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.rest.RestWorkStore.VerdictRecord;
import dev.ibench.core.rest.DeterministicJudge;
import dev.ibench.core.rest.EndpointResult;
import dev.ibench.core.rest.JudgeEscalation;
import dev.ibench.core.rest.JudgeVerdict;
import java.util.List;

public final class RestJudgeActivitiesImpl implements RestJudgeActivities {
    private final RestWorkRecords records;

    public RestJudgeActivitiesImpl(RestWorkRecords records) {
        this.records = records;
    }

    @Override
    public RestJudgeOutcome judge(RestStep step) {
        return Heartbeating.call(() -> judgeNow(step), RestGenerationActivitiesImpl.HEARTBEAT_EVERY, "judge " + step.questionId());
    }

    private RestJudgeOutcome judgeNow(RestStep step) {
        RestWorkStore store = RestWorkStore.of(step.job(), records);
        String q = step.questionId();
        VerdictRecord stored = store.verdict(q, step.attempt(), () -> {
            EndpointResult result = store.requireResult(q, step.attempt());
            boolean ordered = store.requireEndpoint(q, step.attempt()).endpoint().spec().response().ordered();
            List<List<Object>> gold = store.gold(q);
            JudgeVerdict verdict = DeterministicJudge.judge(gold, result, ordered);
            return new VerdictRecord(verdict, !verdict.match() && JudgeEscalation.formatsDiffer(gold, result));
        });
        return new RestJudgeOutcome(stored.verdict().match(), stored.escalate(), stored.verdict().judge(), stored.verdict().rationale());
    }
}
