package dev.ibench.workflows.react;

import dev.ibench.workflows.SpendText;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.ChildWorkflowFailure;
import java.util.Optional;

/**
 * What a trajectory's model steps paid, summed from their results: tokens, and cost in USD (null while no paid step
 * had a price), and {@code tokensUnknownCalls}, the paid steps whose tokens are unknown (the server sent no usage; they
 * add no tokens, so the sums are lower bounds). A trajectory returns it in its {@code SampleOutcome}; one that fails
 * carries it as its failure's details, so the cell counts the steps it paid for before the failure (e.g. a budget
 * refusal at step 5). Details recorded before the unknown count read it as 0.
 */
public record TrajectorySpend(long promptTokens, long completionTokens, Double costUsd, long tokensUnknownCalls) {
    public static final TrajectorySpend NONE = new TrajectorySpend(0, 0, null, 0);

    public TrajectorySpend plus(long prompt, long completion, Double cost) {
        return plus(prompt, completion, cost, false);
    }

    /** This spend plus one step's; a step whose tokens are unknown adds to the unknown count, not to the tokens. */
    public TrajectorySpend plus(long prompt, long completion, Double cost, boolean tokensUnknown) {
        Double total = costUsd;
        if (cost != null) { // not a ?: expression: it would unbox a null costUsd
            total = (costUsd == null ? 0.0 : costUsd) + cost;
        }
        return tokensUnknown ? new TrajectorySpend(promptTokens, completionTokens, total, tokensUnknownCalls + 1)
                : new TrajectorySpend(promptTokens + prompt, completionTokens + completion, total, tokensUnknownCalls);
    }

    /** {@code 1,234 tokens · $0.0123}, {@code —} for the cost without prices ({@link SpendText}). */
    public String describe() {
        return SpendText.of(promptTokens + completionTokens, costUsd, tokensUnknownCalls);
    }

    /** The spend a failed trajectory carried in its failure (none for failures recorded before it did). */
    static Optional<TrajectorySpend> of(ChildWorkflowFailure failure) {
        if (failure.getCause() instanceof ApplicationFailure app && app.getDetails().getSize() > 0) {
            return Optional.ofNullable(app.getDetails().get(0, TrajectorySpend.class));
        }
        return Optional.empty();
    }
}
