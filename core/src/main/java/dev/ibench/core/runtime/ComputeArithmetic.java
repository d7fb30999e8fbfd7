package dev.ibench.core.runtime;

import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * Extended: {@code compute_arithmetic(operation, value_1, value_2)} combines two numbers (literals or
 * single results of earlier calls): add, subtract, multiply, divide (always real division; division by
 * zero or a missing operand gives null, as in SQLite), round (value_2 = number of digits, half away from zero).
 */
public final class ComputeArithmetic implements Operation {
    public static final List<String> OPERATIONS = List.of("add", "subtract", "multiply", "divide", "round");
    /** sqlite3's {@code roundFunc} rounds to at most 30 digits. */
    private static final int MAX_ROUND_DIGITS = 30;

    @Override
    public String name() {
        return "compute_arithmetic";
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        String op = args.string("operation");
        Object a = operand(args, "value_1");
        Object b = operand(args, "value_2");
        if (!OPERATIONS.contains(op)) {
            throw new ToolArgumentException(name() + ": unknown operation '" + op + "' (expected one of " + OPERATIONS + ")");
        }
        if (a == null || b == null) return null;
        Number x = (Number) a;
        Number y = (Number) b;
        boolean integral = x instanceof Long && y instanceof Long;
        switch (op) {
            case "add":
                return integerOrReal(integral, x, y, Math::addExact, Double::sum);
            case "subtract":
                return integerOrReal(integral, x, y, Math::subtractExact, (p, q) -> p - q);
            case "multiply":
                return integerOrReal(integral, x, y, Math::multiplyExact, (p, q) -> p * q);
            case "round": {
                // SQLite's ROUND(x, digits): half away from zero, always a real; digits clamped to 0..30 as sqlite3's roundFunc does
                int digits = Math.max(0, Math.min(MAX_ROUND_DIGITS, y.intValue()));
                java.math.BigDecimal d = new java.math.BigDecimal(Double.toString(x.doubleValue())).setScale(digits, java.math.RoundingMode.HALF_UP);
                return d.doubleValue();
            }
            default:
                return y.doubleValue() == 0 ? null : (Object) (x.doubleValue() / y.doubleValue());
        }
    }

    /** An integer result of two integers, redone in floating point when it does not fit 64 bits (as SQLite does). */
    private static Object integerOrReal(boolean integral, Number x, Number y, LongBinaryOperator exact, DoubleBinaryOperator real) {
        if (integral) {
            try {
                return exact.applyAsLong(x.longValue(), y.longValue());
            } catch (ArithmeticException overflow) {
                // falls through to the real result
            }
        }
        return real.applyAsDouble(x.doubleValue(), y.doubleValue());
    }

    private Object operand(CallArguments args, String name) throws ToolArgumentException {
        Object v = args.value(name);
        while (v instanceof List<?> l && l.size() == 1) v = l.get(0);
        v = SqliteValues.normalise(v);
        if (v == null || v instanceof Number) return v;
        if (v instanceof String s && SqliteValues.parseNumber(s) != null) return SqliteValues.asNumber(s);
        throw new ToolArgumentException(name() + ": argument '" + name + "' must be a number or a label of a single number, got " + CallArguments.describe(v));
    }
}
