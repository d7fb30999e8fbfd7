package dev.ibench.activities.multiturn;

/** {@link MultiTurnSessionActivities} over this process's interpreters; closing one that is not open does nothing. */
public final class MultiTurnSessionCloser implements MultiTurnSessionActivities {
    private final MultiTurnConversations conversations;
    private final MultiTurnSessions sessions;

    public MultiTurnSessionCloser(MultiTurnConversations conversations, MultiTurnSessions sessions) {
        this.conversations = conversations;
        this.sessions = sessions;
    }

    @Override
    public void close(MultiTurnEntryRef entry) {
        String sampleId = conversations.sampleId(entry.cellId(), entry.position(), entry.trial());
        sessions.close(MultiTurnToolActivitiesImpl.key(entry.cellId(), sampleId, entry.trial()));
    }

    @Override
    public void closeMemoryConversation(BfclMemoryConversationRef conversation) {
        String id = BfclMemoryToolActivitiesImpl.prerequisite(conversations, conversations.cell(conversation.cellId()), conversation).id();
        sessions.close(MultiTurnToolActivitiesImpl.key(conversation.cellId(), id, conversation.trial()));
    }
}
