package dev.ibench.core.runtime;

import java.util.List;

/**
 * Extended: {@code compute_arithmetic(operation, value_1, value_2)} combines two numbers (literals or
 * single results of earlier calls): add, subtract, multiply, divide (always real division; division by
 * zero or a missing operand gives null, as in SQLite), round (value_2 = number of digits, half away from zero).
 */
public final class ComputeArithmetic implements Operation {
    public static final List<String> OPERATIONS = List.of("add", "subtract", "multiply", "divide", "round");

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
                return integral ? (Object) (x.longValue() + y.longValue()) : (Object) (x.doubleValue() + y.doubleValue());
            case "subtract":
                return integral ? (Object) (x.longValue() - y.longValue()) : (Object) (x.doubleValue() - y.doubleValue());
            case "multiply":
                return integral ? (Object) (x.longValue() * y.longValue()) : (Object) (x.doubleValue() * y.doubleValue());
            case "round": {
                // SQLite's ROUND(x, digits): half away from zero, always a real.
                java.math.BigDecimal d = new java.math.BigDecimal(Double.toString(x.doubleValue())).setScale(Math.max(0, y.intValue()), java.math.RoundingMode.HALF_UP);
                return d.doubleValue();
            }
            default:
                return y.doubleValue() == 0 ? null : (Object) (x.doubleValue() / y.doubleValue());
        }
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
