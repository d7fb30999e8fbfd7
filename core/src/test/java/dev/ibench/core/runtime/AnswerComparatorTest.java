package dev.ibench.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerComparatorTest {
    @Test
    void foldsShapesLikeTheSeed() {
        assertThat(AnswerShape.fold(List.of(List.of("x")))).isEqualTo("x");
        assertThat(AnswerShape.fold(List.of(List.of(1L), List.of(2L)))).isEqualTo(List.of(1L, 2L));
        assertThat(AnswerShape.fold(List.of(List.of(1L, "a")))).isEqualTo(List.of(List.of(1L, "a")));
    }

    @Test
    void orderMattersOnlyWhenTheSqlOrders() {
        assertThat(AnswerComparator.same(List.of(1L, 2L), List.of(2L, 1L), false)).isTrue();
        assertThat(AnswerComparator.same(List.of(1L, 2L), List.of(2L, 1L), true)).isFalse();
        assertThat(AnswerComparator.same(List.of(1L, 1L, 2L), List.of(1L, 2L, 2L), false)).isFalse();
    }

    @Test
    void numbersCompareWithinTolerance() {
        assertThat(AnswerComparator.same(2L, 2.0, false)).isTrue();
        assertThat(AnswerComparator.same(33.3333333, 33.33333334, false)).isTrue();
        assertThat(AnswerComparator.same(1.0, 1.001, false)).isFalse();
        assertThat(AnswerComparator.same("2", 2L, false)).isFalse();
        assertThat(AnswerComparator.same(null, java.util.Arrays.asList((Object) null), false)).isTrue();
    }

    @Test
    void orderSensitivityLooksAtTheOutermostQuery() {
        assertThat(OrderSensitivity.ordered("SELECT a FROM t ORDER BY a")).isTrue();
        assertThat(OrderSensitivity.ordered("SELECT a FROM t WHERE a IN (SELECT a FROM u ORDER BY a LIMIT 3)")).isFalse();
    }
}
