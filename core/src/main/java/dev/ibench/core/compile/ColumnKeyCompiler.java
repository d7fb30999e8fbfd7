package dev.ibench.core.compile;

import dev.ibench.core.runtime.ComputeColumn;
import dev.ibench.core.tools.BuildMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;

/**
 * The key an expression reads on ungrouped rows: a column, a computed column (column arithmetic, extended), or a
 * column transformed in place (SUBSTR, STRFTIME; JULIANDAY, LENGTH, LOWER, UPPER extended); CAST is transparent.
 */
final class ColumnKeyCompiler {
    private final Compilation c;

    ColumnKeyCompiler(Compilation c) {
        this.c = c;
    }

    /** The key an expression reads, emitting in-place transforms for SUBSTR/STRFTIME; CAST is transparent. */
    String columnKey(Pipeline p, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof Column col) {
            String key = p.scope.key(col);
            if (key == null) throw new UnsupportedQueryException("unknown_column", col.toString());
            return p.raw(key);
        }
        if (x instanceof CastExpression cast) return columnKey(p, cast.getLeftExpression());
        String operation = Expressions.arithmeticOperation(x);
        if (operation != null) return computedColumnKey(p, (BinaryExpression) x, operation);
        if (x instanceof Function f) return functionKey(p, f);
        throw new UnsupportedQueryException("unsupported_expression", x.getClass().getSimpleName() + ": " + x);
    }

    /** Column op number or number op column (extended): one {@code compute_column} per pipeline and result key. */
    private String computedColumnKey(Pipeline p, BinaryExpression b, String op) throws UnsupportedQueryException {
        c.require(BuildMode.EXTENDED, "unsupported_column_arithmetic", b);
        Object left = Expressions.literal(b.getLeftExpression(), p.scope);
        Object right = Expressions.literal(b.getRightExpression(), p.scope);
        if (left != Expressions.NOT_LITERAL && !(left instanceof Number) || right != Expressions.NOT_LITERAL && !(right instanceof Number)
                || left instanceof Number && right instanceof Number) {
            throw new UnsupportedQueryException("unsupported_column_arithmetic", b.toString());
        }
        Object v1 = left instanceof Number ? left : columnKey(p, b.getLeftExpression());
        Object v2 = right instanceof Number ? right : columnKey(p, b.getRightExpression());
        String key = ComputeColumn.resultKey(v1, op, v2);
        if (!p.computed.contains(key)) {
            p.current = c.sink.add("compute_column", "COMPUTED_DF", "data_source", CallSink.ref(p.current), "operation", op, "value_1", v1, "value_2", v2);
            p.computed.add(key);
        }
        return key;
    }

    private String functionKey(Pipeline p, Function f) throws UnsupportedQueryException {
        String name = Expressions.functionName(f);
        List<Expression> args = Expressions.params(f);
        if ((name.equals("SUBSTR") || name.equals("SUBSTRING")) && (args.size() == 2 || args.size() == 3)) return substringKey(p, f, args);
        if (name.equals("STRFTIME") && args.size() == 2) {
            Object fmt = Expressions.literal(args.get(0), p.scope);
            if (!(fmt instanceof String format) || !format.matches("(%[YmdHMSjw]|[^%])*")) {
                throw new UnsupportedQueryException("unsupported_strftime_format", f.toString());
            }
            String key = baseKey(p, args.get(1));
            return p.transform(key, "strftime", Map.of("format", format));
        }
        if ((name.equals("JULIANDAY") || name.equals("LENGTH") || name.equals("LOWER") || name.equals("UPPER")) && args.size() == 1) {
            c.require(BuildMode.EXTENDED, "unsupported_function_" + name.toLowerCase(Locale.ROOT), f);
            return p.transform(baseKey(p, args.get(0)), name.toLowerCase(Locale.ROOT), Map.of());
        }
        throw new UnsupportedQueryException("unsupported_function_" + name.toLowerCase(Locale.ROOT), f.toString());
    }

    /** SQL's 1-based (or negative, from the end) SUBSTR start and length as the tool's 0-based start and end index. */
    private String substringKey(Pipeline p, Function f, List<Expression> args) throws UnsupportedQueryException {
        String key = baseKey(p, args.get(0));
        Object start = Expressions.literal(args.get(1), p.scope);
        Object len = args.size() == 3 ? Expressions.literal(args.get(2), p.scope) : null;
        if (!(start instanceof Long s) || (args.size() == 3 && !(len instanceof Long))) {
            throw new UnsupportedQueryException("unsupported_substr_arguments", f.toString());
        }
        Map<String, Object> opArgs = new LinkedHashMap<>();
        if (s > 0) {
            opArgs.put("start_index", s - 1);
            if (len != null) opArgs.put("end_index", s - 1 + (Long) len);
        } else if (s < 0) {
            opArgs.put("start_index", s);
            if (len != null && s + (Long) len < 0) opArgs.put("end_index", s + (Long) len);
        } else {
            throw new UnsupportedQueryException("unsupported_substr_arguments", f.toString());
        }
        return p.transform(key, "substring", opArgs);
    }

    /** The key of a function's column argument (CAST is transparent); nested functions are refused. */
    private static String baseKey(Pipeline p, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof CastExpression cast) x = Expressions.unwrap(cast.getLeftExpression());
        if (!(x instanceof Column col)) throw new UnsupportedQueryException("unsupported_nested_function", x.toString());
        String key = p.scope.key(col);
        if (key == null) throw new UnsupportedQueryException("unknown_column", col.toString());
        return key;
    }
}
