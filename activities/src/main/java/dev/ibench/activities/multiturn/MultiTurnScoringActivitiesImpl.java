package dev.ibench.activities.multiturn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.bfcl.BfclMultiTurnVerdict;
import dev.ibench.core.json.Json;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@link MultiTurnScoringActivities}: the stored conversation's decoded calls per turn and step, executed again from the
 * entry's initial state beside the ground truth in a fresh interpreter and judged by {@code BfclMultiTurnChecker}
 * (bfcl-eval's {@code multi_turn_checker}); the sample's result stores the verdict as {@link MultiTurnScore}. Closes the
 * conversation's interpreter on this worker.
 */
public final class MultiTurnScoringActivitiesImpl implements MultiTurnScoringActivities {
    private static final Duration SCORING_LIMIT = Duration.ofMinutes(2);

    private final MultiTurnConversations conversations;
    private final Supplier<BfclMultiTurnExecutor> executor;
    private final MultiTurnSessions sessions;

    public MultiTurnScoringActivitiesImpl(MultiTurnConversations conversations, Supplier<BfclMultiTurnExecutor> executor, MultiTurnSessions sessions) {
        this.conversations = conversations;
        this.executor = executor;
        this.sessions = sessions;
    }

    @Override
    public int turns(MultiTurnEntryRef ref) {
        CellRecord cell = conversations.cell(ref.cellId());
        return conversations.entry(cell, conversations.sampleId(ref.cellId(), ref.position(), ref.trial())).turns().size();
    }

    @Override
    public SampleOutcome finish(MultiTurnFinishRequest request) {
        CellRecord cell = conversations.cell(request.cellId());
        String sampleId = conversations.sampleId(request.cellId(), request.position(), request.trial());
        BfclMultiTurnEntry entry = conversations.entry(cell, sampleId);
        List<List<BfclMultiTurnStep>> turns = conversations.steps(request.cellId(), sampleId, request.trial(), request.turnsRun() - 1);
        List<List<List<String>>> decoded = decodedCalls(turns);
        BfclMultiTurnVerdict verdict;
        try {
            verdict = executor.get().score(entry, decoded, SCORING_LIMIT);
        } catch (IllegalStateException e) {
            throw ApplicationFailure.newFailureWithCause(request.cellId() + " " + sampleId + ": " + e.getMessage(), "BfclBackendsFailed", e);
        }
        MultiTurnScore score = new MultiTurnScore(entry.category(), verdict.valid(), verdict.errorType(), verdict.failedTurn(),
                verdict.turnPassed(), verdict.turnsChecked(), verdict.turnsPassed(), request.turnsRun(), entry.turns().size(),
                turns.stream().mapToInt(List::size).sum(), decoded);
        ObjectNode json = Json.MAPPER.valueToTree(score);
        json.put("mode", MultiTurnScore.MODE);
        conversations.store().saveSampleResult(new SampleResultRecord(request.cellId(), sampleId, request.trial(), SampleResultRecord.SCORED,
                verdict.valid(), MultiTurnConversations.json(json), null));
        sessions.close(MultiTurnToolActivitiesImpl.key(request.cellId(), sampleId, request.trial()));
        return SampleOutcome.scored(true, verdict.valid());
    }

    /** Per turn, per step, the calls each step decoded to (a step that ended its turn decoded to none). */
    public static List<List<List<String>>> decodedCalls(List<List<BfclMultiTurnStep>> turns) {
        return turns.stream().map(t -> t.stream().map(BfclMultiTurnStep::decodedCalls).toList()).toList();
    }
}
