package dev.ibench.workflows.campaign;

/**
 * How far a cell got: the next work index to launch and the running counts. Carried across
 * continue-as-new so a new run resumes exactly where the previous one stopped. {@code rejected} is
 * last and primitive so a cursor written before it existed reads as 0.
 */
public record CellCursor(int nextIndex, int done, int parsed, int completed, int infraErrors, boolean paused, int rejected) {
    public CellCursor(int nextIndex, int done, int parsed, int completed, int infraErrors, boolean paused) {
        this(nextIndex, done, parsed, completed, infraErrors, paused, 0);
    }

    public static CellCursor start() {
        return new CellCursor(0, 0, 0, 0, 0, false, 0);
    }
}
