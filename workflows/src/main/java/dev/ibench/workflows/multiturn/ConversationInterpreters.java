package dev.ibench.workflows.multiturn;

import dev.ibench.activities.multiturn.MultiTurnExecSummary;
import dev.ibench.activities.multiturn.MultiTurnSessionActivities;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Functions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * In workflow code: the worker processes holding a conversation's interpreters (the queues its executed steps named, in
 * the order first used), and closing the interpreters there when the conversation ends. A worker that is gone or does not
 * take the close is passed over: its interpreters went with it, or its idle limit closes them.
 */
final class ConversationInterpreters {
    private final Set<String> queues = new LinkedHashSet<>();
    private final List<Promise<Void>> closing = new ArrayList<>();

    /** Notes the worker an executed step's interpreter is on (none for a step read back from the store). */
    void heldFor(MultiTurnExecSummary executed) {
        if (executed.sessionQueue() != null) {
            queues.add(executed.sessionQueue());
        }
    }

    /**
     * Starts {@code close} of {@code conversation} on each worker noted since the last call, under the version marker {@code changeId} (asked
     * only when a worker was noted: a history recorded before steps named one never meets it).
     */
    <R> void startClosing(String changeId, Function<MultiTurnSessionActivities, Functions.Proc1<R>> close, R conversation) {
        if (queues.isEmpty() || Workflow.getVersion(changeId, Workflow.DEFAULT_VERSION, 1) < 1) {
            queues.clear();
            return;
        }
        for (String queue : queues) {
            MultiTurnSessionActivities sessions = Workflow.newActivityStub(MultiTurnSessionActivities.class,
                    MultiTurnActivityOptions.closeInterpreter(queue));
            closing.add(Async.procedure(close.apply(sessions), conversation)); // scheduled now, as the stub's method reference
        }
        queues.clear();
    }

    /** Waits for the closes started; a failed one is passed over. */
    void awaitClosed() {
        for (Promise<Void> p : closing) {
            try {
                p.get();
            } catch (ActivityFailure ignored) {
                // the worker is gone (its interpreters with it) or busy: its idle limit closes what is left
            }
        }
        closing.clear();
    }
}
