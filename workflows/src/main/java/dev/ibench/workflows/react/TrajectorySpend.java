package dev.ibench.workflows.react;

import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.ChildWorkflowFailure;
import java.util.Locale;
import java.util.Optional;

/**
 * What a trajectory's model steps paid, summed from their results: tokens, and cost in USD (null while no paid step
 * had a price). A trajectory returns it in its {@code SampleOutcome}; one that fails carries it as its failure's
 * details, so the cell counts the steps it paid for before the failure (e.g. a budget refusal at step 5).
 */
public record TrajectorySpend(long promptTokens, long completionTokens, Double costUsd) {
    public static final TrajectorySpend NONE = new TrajectorySpend(0, 0, null);

    public TrajectorySpend plus(long prompt, long completion, Double cost) {
        Double total = costUsd;
        if (cost != null) { // not a ?: expression: it would unbox a null costUsd
            total = (costUsd == null ? 0.0 : costUsd) + cost;
        }
        return new TrajectorySpend(promptTokens + prompt, completionTokens + completion, total);
    }

    /** {@code 1,234 tokens · $0.0123}, {@code —} for the cost without prices. */
    public String describe() {
        return String.format(Locale.ROOT, "%,d tokens · ", promptTokens + completionTokens)
                + (costUsd == null ? "—" : String.format(Locale.ROOT, "$%.4f", costUsd));
    }

    /** The spend a failed trajectory carried in its failure (none for failures recorded before it did). */
    static Optional<TrajectorySpend> of(ChildWorkflowFailure failure) {
        if (failure.getCause() instanceof ApplicationFailure app && app.getDetails().getSize() > 0) {
            return Optional.ofNullable(app.getDetails().get(0, TrajectorySpend.class));
        }
        return Optional.empty();
    }
}
