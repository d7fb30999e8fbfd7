package dev.ibench.core.report;

/**
 * What a cell's numbers stand on (docs/reports.md#denominators): its state ({@code completed}, {@code stopped} with its
 * reason, {@code paused}, {@code running}, {@code cancelled}, or {@code unfinished} for a cell that recorded no state and
 * has items without a result), the items planned (samples x trials), and how many were scored, rejected by the endpoint
 * (a sample the model did not answer: a failure over planned, absent over scored) or failed as infrastructure; and how
 * many scored items completed, null when the cell computes no completion (no executor, BFCL AST categories).
 */
public record CellStanding(String state, String reason, int planned, int scored, int rejected, int infraErrors, Integer completed) {
    public static final String COMPLETED = "completed";
    public static final String UNFINISHED = "unfinished";

    /** A cell whose workflow recorded no state (campaigns run before states were recorded): judged by its results. */
    public static String stateWithoutRecord(int pending) {
        return pending == 0 ? COMPLETED : UNFINISHED;
    }

    /** The counts of {@code cell}, its state judged by its results, completion unknown. */
    public static CellStanding of(CellReport cell) {
        return new CellStanding(stateWithoutRecord(cell.pending()), null, cell.samples() * cell.trials(), cell.scored(),
                cell.rejected(), cell.infraErrors(), null);
    }

    public int pending() {
        return planned - scored - rejected - infraErrors;
    }

    /** The standing's JSON fields, as the json report and {@code campaign compare --json} write them. */
    public java.util.Map<String, Object> jsonFields() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("state", state);
        m.put("state_reason", reason);
        m.put("state_shown", shown());
        m.put("planned", planned);
        m.put("scored", scored);
        m.put("rejected", rejected);
        m.put("infra_errors", infraErrors);
        m.put("pending", pending());
        m.put("completed", completed);
        m.put("completion_over_scored", completionOverScored());
        m.put("completion_over_planned", completionOverPlanned());
        return m;
    }

    /** The state as reports show it: {@code stopped: <reason>} for a stopped cell. */
    public String shown() {
        return reason == null || reason.isBlank() ? state : state + ": " + reason;
    }

    /** Completed items over scored items: what the headline completion rate measures. */
    public Double completionOverScored() {
        return completed == null || scored == 0 ? null : completed / (double) scored;
    }

    /** Completed items over planned items: rejected, infra_error and pending items count as not completed. */
    public Double completionOverPlanned() {
        return completed == null || planned == 0 ? null : completed / (double) planned;
    }
}
