package dev.ibench.core.nestful;

import dev.ibench.core.json.ElementWise;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Whether an executed answer is NESTful's gold answer (seed 003 section 4.3, win rate). Numbers compare by value after
 * rounding the answer to the gold's number of decimals as written ({@code 0.3333} gold accepts {@code 0.33333333};
 * {@code 52.0} gold accepts {@code 52} and {@code 52.04}, not {@code 52.4}); booleans only equal booleans; strings compare exactly; lists element by element; maps key by
 * key. The answer arrives as JSON values (Python tuples as lists, byte arrays as lists of ints).
 */
public final class NestfulAnswers {
    private NestfulAnswers() {}

    public static boolean matches(Object gold, Object actual) {
        if (gold instanceof Boolean || actual instanceof Boolean) {
            return Objects.equals(gold, actual);
        }
        if (gold instanceof Number g && actual instanceof Number a) {
            return numbersMatch(g, a);
        }
        if (gold instanceof List<?> g && actual instanceof List<?> a) {
            return ElementWise.lists(g, a, NestfulAnswers::matches);
        }
        if (gold instanceof Map<?, ?> g && actual instanceof Map<?, ?> a) {
            return ElementWise.maps(g, a, NestfulAnswers::matches);
        }
        return Objects.equals(gold, actual);
    }

    private static boolean numbersMatch(Number gold, Number actual) {
        double a = actual.doubleValue();
        double g = gold.doubleValue();
        if (Double.isNaN(a) || Double.isInfinite(a) || Double.isNaN(g) || Double.isInfinite(g)) {
            return Double.compare(a, g) == 0;
        }
        int decimals = Math.max(0, new BigDecimal(gold.toString()).scale());
        BigDecimal roundedActual = new BigDecimal(Double.toString(a)).setScale(decimals, java.math.RoundingMode.HALF_EVEN);
        BigDecimal exactGold = new BigDecimal(gold.toString()).setScale(decimals, java.math.RoundingMode.HALF_EVEN);
        return roundedActual.compareTo(exactGold) == 0;
    }
}
