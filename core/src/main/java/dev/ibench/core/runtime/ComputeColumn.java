package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Extended: {@code compute_column(data_source, operation, value_1, value_2)} adds a key computed row by row from
 * two operands, each a key name (string) or a number: add, subtract, multiply, divide (real division; NULL
 * operands or division by zero give null, as in SQLite). The new key is named
 * {@code <value_1>_<operation>_<value_2>} (numbers written as given).
 */
public final class ComputeColumn implements Operation {
    public static final List<String> OPERATIONS = List.of("add", "subtract", "multiply", "divide");

    @Override
    public String name() {
        return "compute_column";
    }

    public static String resultKey(Object v1, String op, Object v2) {
        return v1 + "_" + op + "_" + v2;
    }

    @Override
    public Object apply(CallArguments args) throws ToolArgumentException {
        Object data = args.data("data_source");
        String op = args.string("operation");
        if (!OPERATIONS.contains(op)) {
            throw new ToolArgumentException(name() + ": unknown operation '" + op + "' (expected one of " + OPERATIONS + ")");
        }
        if (!(data instanceof Table table)) throw DataKeys.wrongData(name(), data, "a table");
        Object v1 = args.value("value_1");
        Object v2 = args.value("value_2");
        int i1 = operandIndex(table, v1, "value_1");
        int i2 = operandIndex(table, v2, "value_2");
        List<Object> out = new ArrayList<>(table.size());
        for (Object[] row : table.rows()) {
            Object a = i1 >= 0 ? row[i1] : SqliteValues.normalise(v1);
            Object b = i2 >= 0 ? row[i2] : SqliteValues.normalise(v2);
            out.add(combine(op, a, b));
        }
        return table.withColumn(resultKey(v1, op, v2), out);
    }

    private int operandIndex(Table table, Object v, String name) throws ToolArgumentException {
        if (v instanceof String key) return DataKeys.require(table, key, name());
        if (v instanceof Number) return -1;
        throw new ToolArgumentException(name() + ": argument '" + name + "' must be a key name or a number, got " + CallArguments.describe(v));
    }

    static Object combine(String op, Object a, Object b) {
        if (a == null || b == null) return null;
        Number x = SqliteValues.asNumber(a);
        Number y = SqliteValues.asNumber(b);
        boolean integral = x instanceof Long && y instanceof Long;
        return switch (op) {
            case "add" -> integral ? (Object) (x.longValue() + y.longValue()) : (Object) (x.doubleValue() + y.doubleValue());
            case "subtract" -> integral ? (Object) (x.longValue() - y.longValue()) : (Object) (x.doubleValue() - y.doubleValue());
            case "multiply" -> integral ? (Object) (x.longValue() * y.longValue()) : (Object) (x.doubleValue() * y.doubleValue());
            default -> y.doubleValue() == 0 ? null : (Object) (x.doubleValue() / y.doubleValue());
        };
    }
}
