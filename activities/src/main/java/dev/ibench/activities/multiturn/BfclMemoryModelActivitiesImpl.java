package dev.ibench.activities.multiturn;

import dev.ibench.activities.store.CellRecord;

/**
 * {@link BfclMemoryModelActivities}: a prerequisite conversation's model step is a conversation step as every other
 * ({@link MultiTurnModelActivitiesImpl#think(CellRecord, ConversationStep, java.util.function.Supplier)}), stored under
 * the conversation's id, its entry the conversation from the memory stored before it ({@link BfclMemoryEntries}).
 */
public final class BfclMemoryModelActivitiesImpl implements BfclMemoryModelActivities {
    private final MultiTurnConversations conversations;
    private final MultiTurnModelActivitiesImpl steps;

    public BfclMemoryModelActivitiesImpl(MultiTurnConversations conversations, MultiTurnModelActivitiesImpl steps) {
        this.conversations = conversations;
        this.steps = steps;
    }

    @Override
    public MultiTurnStepSummary think(BfclMemoryStepRef ref) {
        CellRecord cell = conversations.cell(ref.cellId());
        return steps.think(cell, BfclMemoryToolActivitiesImpl.step(conversations, cell, ref),
                () -> conversations.memory().prerequisite(cell, ref.scenario(), ref.trial(), ref.conversation()));
    }
}
