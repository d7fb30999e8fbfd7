package dev.ibench.core.react;

/**
 * Labels under which a trajectory's results are stored in the tool session. The ReACT format has no label
 * field, so the harness names the result of step k {@code RESULT_k}; the observation starts with
 * {@code $RESULT_k$:} so the agent can refer to it in a later Action Input.
 */
public final class ReactLabels {
    private ReactLabels() {}

    public static String ofStep(int step) {
        return "RESULT_" + step;
    }

    /**
     * The label of the {@code index}-th (0-based) call of step {@code step}: a native agent's turn may make several
     * calls; the first is {@code RESULT_k} as a text agent's only call, the next {@code RESULT_k_2}, {@code RESULT_k_3}, ...
     */
    public static String ofCall(int step, int index) {
        return index == 0 ? ofStep(step) : ofStep(step) + "_" + (index + 1);
    }

    public static String reference(int step) {
        return "$" + ofStep(step) + "$";
    }
}
