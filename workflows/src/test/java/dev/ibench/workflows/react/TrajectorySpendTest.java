package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

class TrajectorySpendTest {
    @Test
    void stepsWithoutPricesKeepTheCostUnknownAndPricedStepsAddUp() {
        TrajectorySpend free = TrajectorySpend.NONE.plus(0, 0, null).plus(10, 5, null);
        assertThat(free).isEqualTo(new TrajectorySpend(10, 5, null, 0));
        assertThat(free.describe()).isEqualTo("15 tokens · —");
        TrajectorySpend priced = free.plus(1200, 300, 0.006).plus(0, 0, 0.0).plus(2, 1, null);
        assertThat(priced.promptTokens()).isEqualTo(1212);
        assertThat(priced.completionTokens()).isEqualTo(306);
        assertThat(priced.costUsd()).isCloseTo(0.006, offset(1e-12));
        assertThat(priced.describe()).isEqualTo("1,518 tokens · $0.0060");
    }
}
