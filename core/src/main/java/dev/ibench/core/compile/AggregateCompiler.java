package dev.ibench.core.compile;

import dev.ibench.core.runtime.Aggregation;
import dev.ibench.core.tools.BuildMode;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;

/**
 * Aggregates: what an aggregate function asks for ({@link AggregateSpec}, including SUM/COUNT/AVG over a CASE or IIF),
 * and the scalar value of an aggregate SELECT item (aggregates, arithmetic and ROUND over them, scalar subqueries).
 */
final class AggregateCompiler {
    /** key null means "aggregate the {@code then} expression of a CASE". */
    record AggregateSpec(String key, Aggregation type, boolean distinct, Expression filter, Expression then) {}

    private final Compilation c;

    AggregateCompiler(Compilation c) {
        this.c = c;
    }

    AggregateSpec aggregateSpec(Pipeline p, Function f, boolean allowCase) throws UnsupportedQueryException {
        String name = Expressions.functionName(f);
        Aggregation type = switch (name) {
            case "COUNT" -> Aggregation.COUNT;
            case "SUM", "TOTAL" -> Aggregation.SUM;
            case "AVG" -> Aggregation.MEAN;
            case "MIN" -> Aggregation.MIN;
            case "MAX" -> Aggregation.MAX;
            default -> throw new UnsupportedQueryException("unsupported_aggregate_" + name.toLowerCase(Locale.ROOT), f.toString());
        };
        if (name.equals("TOTAL")) throw new UnsupportedQueryException("unsupported_aggregate_total", f.toString());
        if (f.isAllColumns()) {
            if (type != Aggregation.COUNT) throw new UnsupportedQueryException("unsupported_aggregate", f.toString());
            return new AggregateSpec("", type, false, null, null);
        }
        List<Expression> args = Expressions.params(f);
        if (args.size() != 1) throw new UnsupportedQueryException("unsupported_aggregate_arguments", f.toString());
        Expression arg = Expressions.unwrap(args.get(0));
        if (arg instanceof AllColumns) return new AggregateSpec("", type, false, null, null);
        if (arg instanceof CaseExpression || (arg instanceof Function g && Expressions.functionName(g).equals("IIF"))) {
            if (!allowCase) throw new UnsupportedQueryException("unsupported_case", f.toString());
            return conditionalAggregate(p, type, arg, f);
        }
        Object lit = Expressions.literal(arg, p.scope);
        if (lit instanceof Number && type == Aggregation.COUNT) return new AggregateSpec("", type, false, null, null);
        return new AggregateSpec(c.keys.columnKey(p, arg), type, f.isDistinct(), null, null);
    }

    /** SUM/COUNT/AVG over CASE WHEN c THEN x ELSE 0|NULL END (or IIF): filter c, then aggregate. */
    private AggregateSpec conditionalAggregate(Pipeline p, Aggregation type, Expression arg, Function f) throws UnsupportedQueryException {
        c.require(BuildMode.EXTENDED, "unsupported_case", f);
        Expression when;
        Expression then;
        Expression otherwise;
        if (arg instanceof CaseExpression ce) {
            if (ce.getSwitchExpression() != null || ce.getWhenClauses().size() != 1) throw new UnsupportedQueryException("unsupported_case_shape", ce.toString());
            WhenClause w = ce.getWhenClauses().get(0);
            when = w.getWhenExpression();
            then = w.getThenExpression();
            otherwise = ce.getElseExpression();
        } else {
            List<Expression> a = Expressions.params((Function) arg);
            if (a.size() != 3) throw new UnsupportedQueryException("unsupported_iif_shape", arg.toString());
            when = a.get(0);
            then = a.get(1);
            otherwise = a.get(2);
        }
        Object elseValue = otherwise == null || Expressions.unwrap(otherwise) instanceof NullValue ? null : Expressions.literal(otherwise, p.scope);
        boolean elseNull = otherwise == null || Expressions.unwrap(otherwise) instanceof NullValue;
        boolean elseZero = elseValue instanceof Number n && n.doubleValue() == 0;
        Object thenValue = Expressions.literal(then, p.scope);
        boolean thenOne = thenValue instanceof Number n && n.doubleValue() == 1;
        if (f.isDistinct() && thenValue != Expressions.NOT_LITERAL) throw new UnsupportedQueryException("unsupported_case_shape", f.toString());
        if (type == Aggregation.SUM && thenOne && (elseZero || elseNull)) return new AggregateSpec("", Aggregation.COUNT, false, when, null);
        if (type == Aggregation.COUNT && thenValue != Expressions.NOT_LITERAL && thenValue != null && elseNull) return new AggregateSpec("", Aggregation.COUNT, false, when, null);
        if (thenValue == Expressions.NOT_LITERAL && (type == Aggregation.SUM && (elseZero || elseNull) || elseNull && type != Aggregation.SUM)) {
            return new AggregateSpec(null, type, f.isDistinct(), when, then);
        }
        throw new UnsupportedQueryException("unsupported_case_shape", arg.toString());
    }

    /** Scalar value of an aggregate expression over the table labelled {@code base}; returns the result's label. */
    String scalar(Pipeline p, String base, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof CastExpression cast) return scalar(p, base, cast.getLeftExpression());
        if (x instanceof Function f && Expressions.isAggregate(f)) return aggregateValue(p, base, f);
        String op = Expressions.arithmeticOperation(x);
        if (op != null) {
            c.require(BuildMode.EXTENDED, "unsupported_arithmetic", x);
            BinaryExpression b = (BinaryExpression) x;
            Object left = operand(p, base, b.getLeftExpression());
            Object right = operand(p, base, b.getRightExpression());
            return c.sink.add("compute_arithmetic", "COMPUTED", "operation", op, "value_1", left, "value_2", right);
        }
        if (x instanceof ParenthesedSelect sub) {
            return c.subquery(sub).replace("$", "");
        }
        if (x instanceof Function f && Expressions.functionName(f).equals("ROUND") && Expressions.params(f).size() <= 2 && Expressions.containsAggregate(x)) {
            return roundedValue(p, base, f);
        }
        throw new UnsupportedQueryException("unsupported_select_expression", x.toString());
    }

    /** One aggregate over the base table, after the filter of a conditional aggregate and the key its CASE reads. */
    private String aggregateValue(Pipeline p, String base, Function f) throws UnsupportedQueryException {
        p.current = base;
        AggregateSpec spec = aggregateSpec(p, f, true);
        String source = p.current;
        if (spec.filter() != null) {
            Pipeline sub = new Pipeline(p.scope, c.sink, source);
            c.conditions.apply(sub, spec.filter(), c.keys::columnKey);
            source = sub.current;
        }
        String key = spec.key();
        if (key == null) {
            Pipeline sub = new Pipeline(p.scope, c.sink, source);
            key = c.keys.columnKey(sub, spec.then());
            source = sub.current;
        }
        return c.sink.add("aggregate_data", spec.type().wireName().toUpperCase(Locale.ROOT), "data_source", CallSink.ref(source),
                "key_name", key, "aggregation_type", spec.type().wireName(), "distinct", spec.distinct(), "limit", -1L);
    }

    /** ROUND(value [, digits]) over an aggregate value (extended); digits must be an integer literal. */
    private String roundedValue(Pipeline p, String base, Function f) throws UnsupportedQueryException {
        c.require(BuildMode.EXTENDED, "unsupported_arithmetic", f);
        List<Expression> args = Expressions.params(f);
        Object digits = args.size() == 2 ? Expressions.literal(args.get(1), p.scope) : (Object) 0L;
        if (!(digits instanceof Long)) throw new UnsupportedQueryException("unsupported_round_digits", f.toString());
        Object value = operand(p, base, args.get(0));
        return c.sink.add("compute_arithmetic", "COMPUTED", "operation", "round", "value_1", value, "value_2", digits);
    }

    private Object operand(Pipeline p, String base, Expression e) throws UnsupportedQueryException {
        Object lit = Expressions.literal(e, p.scope);
        if (lit instanceof Number) return lit;
        return CallSink.ref(scalar(p, base, e));
    }
}
