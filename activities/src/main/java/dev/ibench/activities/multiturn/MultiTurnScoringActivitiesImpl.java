package dev.ibench.activities.multiturn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclAgenticChecker;
import dev.ibench.core.bfcl.BfclMemoryBackend;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.sample.NativeTurnText;
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
        return conversations.entry(cell, conversations.sampleId(ref.cellId(), ref.position(), ref.trial()), ref.trial()).turns().size();
    }

    @Override
    public SampleOutcome finish(MultiTurnFinishRequest request) {
        CellRecord cell = conversations.cell(request.cellId());
        String sampleId = conversations.sampleId(request.cellId(), request.position(), request.trial());
        BfclMultiTurnEntry entry = conversations.entry(cell, sampleId, request.trial());
        List<List<BfclMultiTurnStep>> turns = conversations.steps(request.cellId(), sampleId, request.trial(), request.turnsRun() - 1);
        List<List<List<String>>> decoded = decodedCalls(turns);
        if (BfclMemoryBackend.isMemory(entry.category())) {
            return finishAgentic(request, sampleId, entry, turns, decoded, conversations.memory().set(cell).question(sampleId).groundTruth());
        }
        if (BfclWebSearchImporter.isWebSearch(entry.category())) { // its ground truth's one turn holds the possible answers
            return finishAgentic(request, sampleId, entry, turns, decoded, entry.groundTruth().get(0));
        }
        BfclMultiTurnVerdict verdict;
        try {
            verdict = executor.get().score(entry, decoded, SCORING_LIMIT);
        } catch (IllegalStateException e) {
            throw ApplicationFailure.newFailureWithCause(request.cellId() + " " + sampleId + ": " + e.getMessage(), "BfclBackendsFailed", e);
        }
        MultiTurnScore score = new MultiTurnScore(entry.category(), verdict.valid(), verdict.errorType(), verdict.failedTurn(),
                verdict.turnPassed(), verdict.turnsChecked(), verdict.turnsPassed(), request.turnsRun(), entry.turns().size(),
                turns.stream().mapToInt(List::size).sum(), decoded);
        return save(request, sampleId, score);
    }

    /**
     * An agentic question (memory, web search): judged by {@link BfclAgenticChecker} on its one turn's step texts (a
     * function-calling step by its text when it made no call), as bfcl-eval's {@code _evaluate_single_agentic_entry}
     * judges it; stored as a {@link MultiTurnScore} of its category with no per-turn credit.
     */
    private SampleOutcome finishAgentic(MultiTurnFinishRequest request, String sampleId, BfclMultiTurnEntry entry,
                                        List<List<BfclMultiTurnStep>> turns, List<List<List<String>>> decoded, List<String> answers) {
        List<String> texts = turns.isEmpty() ? List.of() : turns.get(0).stream().map(s -> judgedText(s.rawOutput())).toList();
        BfclAgenticChecker.Verdict verdict = BfclAgenticChecker.check(texts, answers);
        MultiTurnScore score = new MultiTurnScore(entry.category(), verdict.valid(), verdict.errorType(), null, List.of(), 0, 0,
                request.turnsRun(), entry.turns().size(), turns.stream().mapToInt(List::size).sum(), decoded);
        return save(request, sampleId, score);
    }

    /** Stores the verdict as the sample's result and closes the conversation's interpreter on this worker. */
    private SampleOutcome save(MultiTurnFinishRequest request, String sampleId, MultiTurnScore score) {
        ObjectNode json = Json.MAPPER.valueToTree(score);
        json.put("mode", MultiTurnScore.MODE);
        conversations.store().saveSampleResult(new SampleResultRecord(request.cellId(), sampleId, request.trial(), SampleResultRecord.SCORED,
                score.valid(), MultiTurnConversations.json(json), null));
        sessions.close(MultiTurnToolActivitiesImpl.key(request.cellId(), sampleId, request.trial()));
        return SampleOutcome.scored(true, score.valid());
    }

    /** A stored step as the agentic checker reads it: a function-calling step without calls by its text, any other as stored. */
    static String judgedText(String rawOutput) {
        return NativeTurnText.read(rawOutput).filter(t -> t.calls().isEmpty()).map(t -> t.content() == null ? "" : t.content()).orElse(rawOutput);
    }

    /** Per turn, per step, the calls each step decoded to (a step that ended its turn decoded to none). */
    public static List<List<List<String>>> decodedCalls(List<List<BfclMultiTurnStep>> turns) {
        return turns.stream().map(t -> t.stream().map(BfclMultiTurnStep::decodedCalls).toList()).toList();
    }
}
