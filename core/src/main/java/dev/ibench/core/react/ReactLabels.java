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

    public static String reference(int step) {
        return "$" + ofStep(step) + "$";
    }
}
