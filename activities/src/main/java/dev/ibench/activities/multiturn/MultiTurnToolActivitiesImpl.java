package dev.ibench.activities.multiturn;

import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import io.temporal.activity.Activity;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link MultiTurnToolActivities}: executes a stored step's decoded calls in the conversation's interpreter
 * ({@link MultiTurnSessions}) and stores the results before completing; a step whose results are stored is not executed
 * again (a retried activity). The summary names the queue of this process's interpreters ({@link MultiTurnSessions#queueFor})
 * so the conversation's workflow can close the interpreter here when it ends.
 */
public final class MultiTurnToolActivitiesImpl implements MultiTurnToolActivities {
    private static final int PREVIEW_CHARS = 160;
    /** Heartbeats of a running execution (the activity's heartbeat timeout is longer). */
    static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(2);

    private final MultiTurnConversations conversations;
    private final MultiTurnSessions sessions;
    private final Function<CellRecord, String> searchKeyEnvOf;

    /** @param searchKeyEnvOf the variable holding a cell's search key ({@link CampaignSearchKeys}; null: the worker's setting) */
    public MultiTurnToolActivitiesImpl(MultiTurnConversations conversations, MultiTurnSessions sessions, Function<CellRecord, String> searchKeyEnvOf) {
        this.conversations = conversations;
        this.sessions = sessions;
        this.searchKeyEnvOf = searchKeyEnvOf;
    }

    @Override
    public MultiTurnExecSummary execute(MultiTurnStepRef ref) {
        CellRecord cell = conversations.cell(ref.cellId());
        String sampleId = conversations.sampleId(ref.cellId(), ref.position(), ref.trial());
        return heldHere(execute(ConversationStep.of(ref, sampleId), () -> conversations.entry(cell, sampleId, ref.trial()), searchKeyEnvOf.apply(cell)));
    }

    /** In an activity: {@code summary} naming this process's interpreters' queue, unless no interpreter was used. */
    MultiTurnExecSummary heldHere(MultiTurnExecSummary summary) {
        return summary.reused() ? summary : summary.heldOn(sessions.queueFor(Activity.getExecutionContext().getInfo().getActivityTaskQueue()));
    }

    /**
     * Executes the stored step {@code at} of a conversation whose entry {@code entryOf} gives (read only when the step was
     * not executed yet): what every conversation's execution does, a multi-turn entry's or a memory scenario's.
     */
    public MultiTurnExecSummary execute(ConversationStep at, Supplier<BfclMultiTurnEntry> entryOf) {
        return execute(at, entryOf, null);
    }

    private MultiTurnExecSummary execute(ConversationStep at, Supplier<BfclMultiTurnEntry> entryOf, String searchKeyEnv) {
        Optional<ToolExecutionRecord> done = conversations.execution(at);
        if (done.isPresent()) {
            List<String> results = MultiTurnConversations.results(done.get());
            return new MultiTurnExecSummary(results.size(), MultiTurnConversations.preview(results, PREVIEW_CHARS), true, false);
        }
        ModelCallRecord call = conversations.modelCall(at).orElseThrow(() ->
                ApplicationFailure.newNonRetryableFailure(at + ": no stored model output to execute", "MultiTurnGap"));
        List<String> calls = BfclMultiTurnDecoder.decode(call.rawOutput());
        BfclMultiTurnEntry entry = entryOf.get();
        MultiTurnSessions.Executed executed = onBackends(at.toString(), at.storeStep(), () -> sessions.execute(
                key(at.cellId(), at.sampleId(), at.trial()), entry, conversations.executed(at.cellId(), at.sampleId(), at.trial()),
                at.storeStep(), calls, searchKeyEnv));
        conversations.saveExecution(at, calls, executed.results());
        return new MultiTurnExecSummary(calls.size(), MultiTurnConversations.preview(executed.results(), PREVIEW_CHARS), false, executed.rebuilt());
    }

    /**
     * {@code work} on bfcl-eval's backends, on a helper thread while this one heartbeats (a worker killed mid-work, e.g.
     * an interpreter rebuilt by replaying a long conversation, is noticed within the heartbeat timeout); a backend that
     * fails is a retryable {@code BfclBackendsFailed} naming {@code what}.
     */
    static <T> T onBackends(String what, Object heartbeatDetail, Supplier<T> work) {
        try {
            return Heartbeating.call(work, HEARTBEAT_EVERY, heartbeatDetail);
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            throw ApplicationFailure.newFailureWithCause(what + ": " + e.getMessage(), "BfclBackendsFailed", e);
        }
    }

    static String key(String cellId, String sampleId, int trial) {
        return cellId + "\n" + sampleId + "\n" + trial;
    }
}
