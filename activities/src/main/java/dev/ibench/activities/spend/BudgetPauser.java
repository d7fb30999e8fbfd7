package dev.ibench.activities.spend;

/**
 * Tells a campaign that its budget is reached (the worker signals the campaign workflow). Called once per refused
 * request; the campaign ignores repeats, so a burst of refusals is harmless.
 */
@FunctionalInterface
public interface BudgetPauser {
    BudgetPauser NONE = (campaignId, reason) -> {};

    void pause(String campaignId, String reason);
}
