package dev.ibench.workflows.campaign;

/**
 * How far a cell got: the next work index to launch and the running counts. Carried across
 * continue-as-new so a new run resumes exactly where the previous one stopped.
 */
public record CellCursor(int nextIndex, int done, int parsed, int completed, int infraErrors, boolean paused) {
    public static CellCursor start() {
        return new CellCursor(0, 0, 0, 0, 0, false);
    }
}
