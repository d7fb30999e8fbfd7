package dev.ibench.core.nestful;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NestfulAnswersTest {
    @Test
    void numbersAreRoundedToTheGoldsDecimals() {
        assertThat(NestfulAnswers.matches(52.0, 52)).isTrue();
        assertThat(NestfulAnswers.matches(0.3333333333333333, 2.0 / 6)).isTrue();
        assertThat(NestfulAnswers.matches(1.6, 1.6000000000000003)).isTrue();
        assertThat(NestfulAnswers.matches(0.6, 0.64)).as("0.64 is 0.6 at the gold's one decimal").isTrue();
        assertThat(NestfulAnswers.matches(0.6, 0.66)).isFalse();
        assertThat(NestfulAnswers.matches(52.0, 52.4)).isFalse();
        assertThat(NestfulAnswers.matches(7, 7.4)).as("an integer gold has no decimals").isTrue();
    }

    @Test
    void booleansOnlyEqualBooleans() {
        assertThat(NestfulAnswers.matches(true, true)).isTrue();
        assertThat(NestfulAnswers.matches(true, 1)).isFalse();
        assertThat(NestfulAnswers.matches(1, true)).isFalse();
    }

    @Test
    void listsAndMapsCompareElementWise() {
        assertThat(NestfulAnswers.matches(List.of(24, 3), List.of(24, 3))).isTrue();
        assertThat(NestfulAnswers.matches(List.of(24, 3), List.of(3, 24))).isFalse();
        assertThat(NestfulAnswers.matches(List.of(2.5), List.of(2.5, 1))).isFalse();
        assertThat(NestfulAnswers.matches(Map.of("a", 1.0), Map.of("a", 1))).isTrue();
        assertThat(NestfulAnswers.matches("+123", "+123")).isTrue();
        assertThat(NestfulAnswers.matches("+123", "123")).isFalse();
    }
}
