package dev.ibench.activities.llm.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The arithmetic of the shared send limits, with start times worked out by hand (microseconds; the tokens-per-minute
 * bucket holds one minute of tokens).
 */
class SendScheduleTest {
    /** rate_per_second: 2, no token limit. */
    static final SlotRequest TWO_PER_SECOND = new SlotRequest(500_000, 0, 0);

    @Test
    void eachRequestTakesTheNextFreeStartOneIntervalAfterThePreviousAndAnIdlePaceKeepsNoBacklog() {
        SendSchedule s = new SendSchedule();
        assertThat(s.reserve(1_000_000, TWO_PER_SECOND)).as("the first request starts at once").isEqualTo(1_000_000);
        assertThat(s.reserve(1_000_000, TWO_PER_SECOND)).as("one interval later").isEqualTo(1_500_000);
        assertThat(s.reserve(1_100_000, TWO_PER_SECOND)).as("two intervals after the first").isEqualTo(2_000_000);
        assertThat(s.reserve(3_000_000, TWO_PER_SECOND)).as("after an idle second: at once, not at 2.5 s").isEqualTo(3_000_000);
        assertThat(s.reserve(3_000_000, TWO_PER_SECOND)).isEqualTo(3_500_000);
    }

    @Test
    void aTokenBucketOfOneMinuteLetsTheFirstMinutesTokensThroughAtOnceThenWaitsForTheRefill() {
        // tokens_per_minute: 600 -> a token costs 100 ms; a request charged 300 tokens costs 30 s of the 60 s bucket
        SendSchedule s = new SendSchedule();
        SlotRequest threeHundred = new SlotRequest(0, 30_000_000, 0);
        assertThat(s.reserve(0, threeHundred)).as("a full bucket: 600 tokens").isEqualTo(0);
        assertThat(s.reserve(0, threeHundred)).as("300 tokens left").isEqualTo(0);
        assertThat(s.reserve(1_000_000, threeHundred)).as("empty at 0 s; 300 tokens refill at 10 a second by 30 s").isEqualTo(30_000_000);
        assertThat(s.reserve(2_000_000, new SlotRequest(0, 6_000_000, 0))).as("60 more tokens: 6 s later").isEqualTo(36_000_000);
    }

    @Test
    void aRequestThatUsedLessThanItWasChargedGivesTheDifferenceBackWithTheNextReservation() {
        SendSchedule s = new SendSchedule();
        SlotRequest fiveHundred = new SlotRequest(0, 50_000_000, 0); // 500 tokens at 600 a minute
        assertThat(s.reserve(0, fiveHundred)).isEqualTo(0);
        assertThat(s.reserve(0, fiveHundred)).as("100 tokens left, 500 needed: 400 refill in 40 s").isEqualTo(40_000_000);
        // the first used 200 of its 500: 300 tokens (30 s) come back, so with the third request (500 tokens)
        // 500 + 500 - 300 + 500 = 1200 are charged, 600 beyond the full bucket: 60 s
        assertThat(s.reserve(0, new SlotRequest(0, 50_000_000, -30_000_000))).isEqualTo(60_000_000);
        SendSchedule fresh = new SendSchedule();
        fresh.reserve(0, fiveHundred);
        fresh.reserve(0, fiveHundred);
        assertThat(fresh.reserve(0, fiveHundred)).as("without the refund: 1500 charged, 900 beyond the bucket").isEqualTo(90_000_000);
    }

    @Test
    void aRefundNeverFillsTheBucketBeyondOneMinuteOfTokens() {
        SendSchedule s = new SendSchedule();
        assertThat(s.reserve(100_000_000, new SlotRequest(0, 10_000_000, 0))).isEqualTo(100_000_000);
        // 300 tokens come back (a settlement of earlier requests) where only 100 were taken: the bucket is full again,
        // not 800 tokens; 700 tokens then need 100 of refill, 10 s (uncapped they would start at once)
        assertThat(s.reserve(100_000_000, new SlotRequest(0, 70_000_000, -30_000_000))).isEqualTo(110_000_000);
    }

    @Test
    void aRequestUnderBothLimitsStartsWhenBothAllowItAndTheRateCountsFromThatStart() {
        SendSchedule s = new SendSchedule();
        SlotRequest both = new SlotRequest(500_000, 40_000_000, 0); // 2/s and 400 tokens at 600 a minute
        assertThat(s.reserve(0, both)).isEqualTo(0);
        assertThat(s.reserve(0, both)).as("tokens: 800 charged, 200 beyond the bucket = 20 s; the rate alone said 0.5 s")
                .isEqualTo(20_000_000);
        assertThat(s.reserve(0, new SlotRequest(500_000, 0, 0))).as("a request without tokens: one interval after that start")
                .isEqualTo(20_500_000);
    }
}
