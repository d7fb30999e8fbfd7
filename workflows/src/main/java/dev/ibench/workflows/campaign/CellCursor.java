package dev.ibench.workflows.campaign;

/**
 * How far a cell got: the next work index to launch and the running counts. Carried across
 * continue-as-new so a new run resumes exactly where the previous one stopped. {@code rejected} and the spend
 * (tokens paid for, and their cost in USD, null while no paid call had a price) come last, tokens primitive, so a
 * cursor written before they existed reads as 0 and null; so does {@code tokensUnknownCalls} (paid calls whose tokens are
 * unknown, in neither token count).
 */
public record CellCursor(int nextIndex, int done, int parsed, int completed, int infraErrors, boolean paused, int rejected,
                         long promptTokens, long completionTokens, Double costUsd, long tokensUnknownCalls) {
    public CellCursor(int nextIndex, int done, int parsed, int completed, int infraErrors, boolean paused, int rejected) {
        this(nextIndex, done, parsed, completed, infraErrors, paused, rejected, 0, 0, null, 0);
    }

    public CellCursor(int nextIndex, int done, int parsed, int completed, int infraErrors, boolean paused) {
        this(nextIndex, done, parsed, completed, infraErrors, paused, 0);
    }

    public static CellCursor start() {
        return new CellCursor(0, 0, 0, 0, 0, false, 0);
    }
}
