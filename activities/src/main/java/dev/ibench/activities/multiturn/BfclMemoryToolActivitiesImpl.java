package dev.ibench.activities.multiturn;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.bfcl.BfclMemorySnapshots;
import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.bfcl.BfclMultiTurnSession;
import dev.ibench.activities.store.BfclMemoryRows;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@link BfclMemoryToolActivities} on bfcl-eval's memory backends. A prerequisite step's calls run in the conversation's
 * interpreter as any conversation's ({@link MultiTurnToolActivitiesImpl}); at the conversation's end its memory is what
 * bfcl-eval's {@code _flush_memory_to_local_file} writes, taken from an interpreter opened from the memory the
 * conversation started with and given the conversation's recorded calls again (the backends are deterministic, so this
 * is the memory the live interpreter holds, on whichever worker), stored by hash ({@link BfclMemorySnapshots}) with the
 * memory text the next conversation is shown (a fresh interpreter opened from the snapshot, as bfcl-eval opens the next
 * one from its file). A memory already stored is read back, never taken again.
 */
public final class BfclMemoryToolActivitiesImpl implements BfclMemoryToolActivities {
    private final MultiTurnConversations conversations;
    private final MultiTurnToolActivitiesImpl steps;
    private final MultiTurnSessions sessions;
    private final Supplier<BfclMultiTurnExecutor> executor;
    private final BfclMemorySnapshots snapshots;

    public BfclMemoryToolActivitiesImpl(MultiTurnConversations conversations, MultiTurnToolActivitiesImpl steps, MultiTurnSessions sessions,
                                        Supplier<BfclMultiTurnExecutor> executor, BfclMemorySnapshots snapshots) {
        this.conversations = conversations;
        this.steps = steps;
        this.sessions = sessions;
        this.executor = executor;
        this.snapshots = snapshots;
    }

    /** Where the step is stored: under its conversation's id. */
    static ConversationStep step(MultiTurnConversations conversations, CellRecord cell, BfclMemoryStepRef ref) {
        String id = prerequisite(conversations, cell, ref.conversationRef()).id();
        return new ConversationStep(ref.cellId(), id, ref.trial(), ref.turn(), ref.step(), ref.toString());
    }

    static BfclMemoryPrerequisite prerequisite(MultiTurnConversations conversations, CellRecord cell, BfclMemoryConversationRef ref) {
        List<BfclMemoryPrerequisite> all = conversations.memory().set(cell).prerequisites(ref.scenario());
        if (ref.conversation() < 0 || ref.conversation() >= all.size()) {
            throw ApplicationFailure.newNonRetryableFailure(ref + ": scenario " + ref.scenario() + " has " + all.size()
                    + " prerequisite conversations", "UnknownSample");
        }
        return all.get(ref.conversation());
    }

    @Override
    public BfclMemoryScenarioStart begin(BfclMemoryScenarioRef ref) {
        CellRecord cell = conversations.cell(ref.cellId());
        BfclMemoryEvalSet set = conversations.memory().set(cell);
        List<BfclMemoryPrerequisite> prerequisites = set.prerequisites(ref.scenario());
        BfclMemoryRows rows = conversations.memory().rows();
        if (rows.get(ref.cellId(), ref.trial(), ref.scenario(), 0).isEmpty()) {
            BfclMultiTurnEntry empty = prerequisites.isEmpty() ? set.questionEntry(set.questionsOf(ref.scenario()).get(0), null)
                    : set.prerequisiteEntry(ref.scenario(), prerequisites.get(0), null);
            rows.save(ref.cellId(), ref.trial(), ref.scenario(), new BfclMemoryRows.Row(0, null, context(ref, empty)));
        }
        int filled = 0;
        for (BfclMemoryRows.Row row : rows.all(ref.cellId(), ref.trial(), ref.scenario())) {
            if (row.conversations() == filled + 1) {
                filled++;
            }
        }
        return new BfclMemoryScenarioStart(prerequisites.stream().map(p -> p.turns().size()).toList(), filled);
    }

    @Override
    public MultiTurnExecSummary execute(BfclMemoryStepRef ref) {
        CellRecord cell = conversations.cell(ref.cellId());
        return steps.heldHere(steps.execute(step(conversations, cell, ref),
                () -> conversations.memory().prerequisite(cell, ref.scenario(), ref.trial(), ref.conversation())));
    }

    @Override
    public String snapshot(BfclMemoryConversationRef ref) {
        CellRecord cell = conversations.cell(ref.cellId());
        BfclMemoryRows rows = conversations.memory().rows();
        var stored = rows.get(ref.cellId(), ref.trial(), ref.scenario(), ref.conversation() + 1);
        if (stored.isPresent()) {
            return stored.get().snapshotSha256();
        }
        BfclMemoryPrerequisite p = prerequisite(conversations, cell, ref);
        BfclMultiTurnEntry started = conversations.memory().prerequisite(cell, ref.scenario(), ref.trial(), ref.conversation());
        List<List<String>> recorded = conversations.executed(ref.cellId(), p.id(), ref.trial()).stream()
                .map(MultiTurnConversations.ExecutedStep::calls).toList();
        String snapshot = backends(ref, () -> {
            try (BfclMultiTurnSession session = executor.get().open(started, recorded, MultiTurnSessions.PER_REQUEST)) {
                return session.memorySnapshot();
            }
        });
        ArtifactHash hash = snapshots.put(snapshot);
        BfclMultiTurnEntry next = conversations.memory().set(cell).prerequisiteEntry(ref.scenario(), p, snapshot);
        rows.save(ref.cellId(), ref.trial(), ref.scenario(), new BfclMemoryRows.Row(ref.conversation() + 1, hash.toString(), context(ref, next)));
        sessions.close(MultiTurnToolActivitiesImpl.key(ref.cellId(), p.id(), ref.trial()));
        return hash.toString();
    }

    /** The memory text bfcl-eval shows a conversation that starts from {@code entry}'s memory. */
    private String context(Object ref, BfclMultiTurnEntry entry) {
        return backends(ref, () -> {
            try (BfclMultiTurnSession session = executor.get().open(entry, List.of(), MultiTurnSessions.PER_REQUEST)) {
                return session.memoryContext();
            }
        });
    }

    private static String backends(Object ref, Supplier<String> work) {
        return MultiTurnToolActivitiesImpl.onBackends(ref.toString(), ref.toString(), work);
    }
}
