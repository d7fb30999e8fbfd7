package dev.ibench.core.compile;

import dev.ibench.core.tools.BuildMode;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;

/**
 * Compiles WHERE and HAVING predicates into filters: AND-ed predicates become successive {@code filter_data}
 * calls (BETWEEN becomes two), OR becomes one {@code filter_data_any_of} (extended), subqueries in values
 * become earlier calls whose labels are the filter value (extended).
 */
final class ConditionCompiler {
    /** Resolves the column side of a predicate to a key (may emit transforms or, for HAVING, map aggregates). */
    interface KeyResolver {
        String key(Pipeline p, Expression e) throws UnsupportedQueryException;
    }

    private final Compilation c;

    ConditionCompiler(Compilation c) {
        this.c = c;
    }

    void apply(Pipeline p, Expression predicate, KeyResolver keys) throws UnsupportedQueryException {
        for (Expression conj : Expressions.conjuncts(predicate)) {
            if (conj instanceof OrExpression) {
                c.require(BuildMode.EXTENDED, "unsupported_or", conj);
                List<FilterSpec> any = new ArrayList<>();
                for (Expression d : disjuncts(conj)) {
                    List<FilterSpec> specs = simple(p, d, keys);
                    if (specs.size() != 1) throw new UnsupportedQueryException("unsupported_or_of_and", d.toString());
                    any.add(specs.get(0));
                }
                List<Object> filters = new ArrayList<>();
                for (FilterSpec f : any) filters.add(f.asObject());
                p.current = p.sink.add("filter_data_any_of", "FILTERED_DF", "data_source", CallSink.ref(p.current), "filters", filters);
                continue;
            }
            for (FilterSpec f : simple(p, conj, keys)) {
                p.current = p.sink.add("filter_data", "FILTERED_DF", "data_source", CallSink.ref(p.current), "key_name", f.key(),
                        "value", f.value(), "condition", f.condition());
            }
        }
    }

    private static List<Expression> disjuncts(Expression e) {
        List<Expression> out = new ArrayList<>();
        Expression x = Expressions.unwrap(e);
        if (x instanceof OrExpression o) {
            out.addAll(disjuncts(o.getLeftExpression()));
            out.addAll(disjuncts(o.getRightExpression()));
        } else {
            out.add(x);
        }
        return out;
    }

    /** One predicate as filters (AND semantics). */
    private List<FilterSpec> simple(Pipeline p, Expression e, KeyResolver keys) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof AndExpression) {
            List<FilterSpec> out = new ArrayList<>();
            for (Expression conj : Expressions.conjuncts(x)) out.addAll(simple(p, conj, keys));
            return out;
        }
        if (x instanceof NotExpression n) {
            List<FilterSpec> inner = simple(p, n.getExpression(), keys);
            if (inner.size() != 1 || inner.get(0).negated() == null) throw new UnsupportedQueryException("unsupported_not", x.toString());
            FilterSpec neg = inner.get(0).negated();
            c.requireCondition(neg.condition(), x);
            return List.of(neg);
        }
        if (x instanceof ComparisonOperator cmp) {
            return List.of(comparison(p, cmp, keys));
        }
        if (x instanceof LikeExpression like) {
            if (like.getEscape() != null) throw new UnsupportedQueryException("unsupported_like_escape", x.toString());
            String key = keys.key(p, like.getLeftExpression());
            Object pattern = Expressions.literal(like.getRightExpression(), p.scope);
            if (pattern == Expressions.NOT_LITERAL) throw new UnsupportedQueryException("unsupported_like_pattern", x.toString());
            String cond = like.isNot() ? "not_like" : "like";
            c.requireCondition(cond, x);
            return List.of(new FilterSpec(key, cond, pattern));
        }
        if (x instanceof Between b) {
            if (b.isNot()) throw new UnsupportedQueryException("unsupported_not_between", x.toString());
            String key = keys.key(p, b.getLeftExpression());
            Object lo = value(p, b.getBetweenExpressionStart());
            Object hi = value(p, b.getBetweenExpressionEnd());
            return List.of(new FilterSpec(key, "greater_than_equal_to", lo), new FilterSpec(key, "less_than_equal_to", hi));
        }
        if (x instanceof InExpression in) {
            String cond = in.isNot() ? "not_in" : "is_in";
            c.requireCondition(cond, x);
            String key = keys.key(p, in.getLeftExpression());
            Expression right = in.getRightExpression();
            if (right instanceof ParenthesedSelect sub) {
                return List.of(new FilterSpec(key, cond, c.subquery(sub)));
            }
            if (right instanceof ExpressionList<?> list) {
                List<Object> values = new ArrayList<>();
                for (Object o : list) {
                    Object v = Expressions.literal((Expression) o, p.scope);
                    if (v == Expressions.NOT_LITERAL) throw new UnsupportedQueryException("unsupported_in_list", x.toString());
                    values.add(v);
                }
                return List.of(new FilterSpec(key, cond, values));
            }
            throw new UnsupportedQueryException("unsupported_in", x.toString());
        }
        if (x instanceof IsNullExpression isNull) {
            String cond = isNull.isNot() ? "is_not_null" : "is_null";
            c.requireCondition(cond, x);
            return List.of(new FilterSpec(keys.key(p, isNull.getLeftExpression()), cond, null));
        }
        throw new UnsupportedQueryException("unsupported_predicate", x.getClass().getSimpleName() + ": " + x);
    }

    private FilterSpec comparison(Pipeline p, ComparisonOperator cmp, KeyResolver keys) throws UnsupportedQueryException {
        Expression left = cmp.getLeftExpression();
        Expression right = cmp.getRightExpression();
        boolean flipped = false;
        if (isValue(p, left) && !isValue(p, right)) {
            Expression t = left;
            left = right;
            right = t;
            flipped = true;
        }
        if (!isValue(p, right)) throw new UnsupportedQueryException("unsupported_column_comparison", cmp.toString());
        String key = keys.key(p, left);
        Object value = value(p, right);
        String cond;
        if (cmp instanceof EqualsTo) cond = "equal_to";
        else if (cmp instanceof NotEqualsTo) cond = "not_equal_to";
        else if (cmp instanceof GreaterThan) cond = flipped ? "less_than" : "greater_than";
        else if (cmp instanceof GreaterThanEquals) cond = flipped ? "less_than_equal_to" : "greater_than_equal_to";
        else if (cmp instanceof MinorThan) cond = flipped ? "greater_than" : "less_than";
        else if (cmp instanceof MinorThanEquals) cond = flipped ? "greater_than_equal_to" : "less_than_equal_to";
        else throw new UnsupportedQueryException("unsupported_operator", cmp.getStringExpression());
        return new FilterSpec(key, cond, value);
    }

    private boolean isValue(Pipeline p, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        return x instanceof ParenthesedSelect || Expressions.literal(x, p.scope) != Expressions.NOT_LITERAL;
    }

    private Object value(Pipeline p, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof ParenthesedSelect sub) return c.subquery(sub);
        Object v = Expressions.literal(x, p.scope);
        if (v == Expressions.NOT_LITERAL) throw new UnsupportedQueryException("unsupported_value", x.toString());
        return v;
    }
}
