package dev.ibench.activities.multiturn;

/** Names prerequisite conversation {@code conversation} (0-based, in the scenario's order) of a memory scenario in a cell's trial. */
public record BfclMemoryConversationRef(String cellId, String scenario, int trial, int conversation) {
    @Override
    public String toString() {
        return cellId + " scenario " + scenario + " trial " + trial + " prerequisite conversation " + conversation;
    }
}
