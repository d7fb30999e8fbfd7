package dev.ibench.activities.durability;

/**
 * Input of the durability check.
 *
 * @param campaignId id listed in the UI through the IbenchCampaignId search attribute
 * @param steps      the activity sums {@code i*i} for {@code i = 1..steps}, one step at a time
 * @param stepMillis how long each step takes (so the run lasts long enough to be killed mid-way)
 */
public record DurabilityCheckRequest(String campaignId, int steps, long stepMillis) {
    public DurabilityCheckRequest {
        if (campaignId == null || campaignId.isBlank()) {
            throw new IllegalArgumentException("durability check: campaignId must not be blank");
        }
        if (steps < 1) {
            throw new IllegalArgumentException("durability check: steps must be >= 1, got " + steps);
        }
        if (stepMillis < 0) {
            throw new IllegalArgumentException("durability check: stepMillis must be >= 0, got " + stepMillis);
        }
    }

    /** The value a correct run must return: 1^2 + 2^2 + ... + steps^2. */
    public long expectedValue() {
        long n = steps;
        return n * (n + 1) * (2 * n + 1) / 6;
    }
}
