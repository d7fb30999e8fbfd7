package dev.ibench.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: {@code compute_arithmetic} answered a model with Java's {@code BigInteger would overflow supported range}
 * for a large {@code round} digit count, and integer results past 64 bits wrapped around. It now does what SQLite does
 * (sqlite3 {@code roundFunc} clamps the digits to 30; an integer result that overflows becomes a real).
 */
class ComputeArithmeticLimitsTest {
    private static Object run(Object... keyValues) throws ToolArgumentException {
        Map<String, Object> raw = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            raw.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new ComputeArithmetic().apply(new CallArguments("compute_arithmetic", raw, new LabelStore()));
    }

    @Test
    void roundWithMoreThanThirtyDigitsKeepsThirtyAsSqliteDoes() throws ToolArgumentException {
        // SQLite: SELECT round(2.345, 1000000000) = 2.345
        assertThat(run("operation", "round", "value_1", 2.345, "value_2", 1_000_000_000L)).isEqualTo(2.345);
    }

    @Test
    void anIntegerResultPast64BitsBecomesARealAsInSqlite() throws ToolArgumentException {
        // SQLite: SELECT 9223372036854775807 * 2 = 1.84467440737096e+19; 9223372036854775807 + 1 = 9.22337203685478e+18
        assertThat(run("operation", "multiply", "value_1", Long.MAX_VALUE, "value_2", 2L)).isEqualTo(1.8446744073709552E19);
        assertThat(run("operation", "add", "value_1", Long.MAX_VALUE, "value_2", 1L)).isEqualTo(9.223372036854775807E18);
        assertThat(run("operation", "subtract", "value_1", Long.MIN_VALUE, "value_2", 1L)).isEqualTo(-9.223372036854775807E18);
        assertThat(run("operation", "add", "value_1", 2L, "value_2", 3L)).isEqualTo(5L);
    }
}
