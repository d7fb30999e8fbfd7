package dev.ibench.activities.multiturn;

/**
 * What a model step of a multi-turn conversation gave, small enough for history: how many calls its text decoded to
 * (0 ends the turn), a short preview of them, whether it was read back from the store (asked before a crash), and what
 * the call paid; {@code tokensUnknown}: the call was paid but its server reported no usage (no tokenizer counted it), so
 * its 0 tokens mean "not known" (false in summaries recorded before it).
 */
public record MultiTurnStepSummary(int turn, int step, int calls, String preview, boolean reused, long promptTokens,
                                   long completionTokens, Double costUsd, boolean tokensUnknown) {
    public boolean endsTurn() {
        return calls == 0;
    }
}
