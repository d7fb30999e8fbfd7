package dev.ibench.core.compile;

import dev.ibench.core.sql.Identifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;

/** Small structural questions about JSqlParser expressions (literals, aggregates, parentheses). */
final class Expressions {
    private Expressions() {}

    /** Marker for "this expression is not a literal". */
    static final Object NOT_LITERAL = new Object();

    static Expression unwrap(Expression e) {
        Expression x = e;
        while (true) {
            if (x instanceof Parenthesis p) {
                x = p.getExpression();
            } else if (x instanceof ParenthesedExpressionList<?> l && l.size() == 1) {
                x = (Expression) l.get(0);
            } else {
                return x;
            }
        }
    }

    static List<Expression> conjuncts(Expression e) {
        List<Expression> out = new ArrayList<>();
        if (e == null) return out;
        Expression x = unwrap(e);
        if (x instanceof AndExpression a) {
            out.addAll(conjuncts(a.getLeftExpression()));
            out.addAll(conjuncts(a.getRightExpression()));
        } else {
            out.add(x);
        }
        return out;
    }

    /** The literal's value (Long, Double, String) or {@link #NOT_LITERAL}. Double-quoted names that are not columns are strings (SQLite's rule). */
    static Object literal(Expression e, Scope scope) throws UnsupportedQueryException {
        Expression x = unwrap(e);
        if (x instanceof LongValue l) return l.getValue();
        if (x instanceof DoubleValue d) return d.getValue();
        if (x instanceof StringValue s) return s.getValue().replace("''", "'");
        if (x instanceof SignedExpression s) {
            Object inner = literal(s.getExpression(), scope);
            if (s.getSign() == '-' && inner instanceof Long l) return -l;
            if (s.getSign() == '-' && inner instanceof Double d) return -d;
            if (s.getSign() == '+' && inner instanceof Number) return inner;
            return NOT_LITERAL;
        }
        if (x instanceof Column c && Identifiers.isDoubleQuoted(c.getColumnName()) && c.getTable() == null && scope.key(c) == null) {
            return Identifiers.unquote(c.getColumnName());
        }
        if (x instanceof CastExpression c) {
            Object inner = literal(c.getLeftExpression(), scope);
            return inner;
        }
        return NOT_LITERAL;
    }

    static String functionName(Function f) {
        return f.getName() == null ? "" : f.getName().toUpperCase(Locale.ROOT);
    }

    static boolean isAggregate(Function f) {
        String n = functionName(f);
        int args = f.getParameters() == null ? 0 : f.getParameters().size();
        return switch (n) {
            case "COUNT", "SUM", "AVG", "TOTAL" -> true;
            case "MIN", "MAX" -> args <= 1;
            default -> false;
        };
    }

    static boolean containsAggregate(Expression e) {
        Expression x = unwrap(e);
        if (x instanceof Function f) {
            if (isAggregate(f)) return true;
            if (f.getParameters() != null) {
                for (Object p : f.getParameters()) if (p instanceof Expression pe && containsAggregate(pe)) return true;
            }
            return false;
        }
        if (x instanceof BinaryExpression b) return containsAggregate(b.getLeftExpression()) || containsAggregate(b.getRightExpression());
        if (x instanceof CastExpression c) return containsAggregate(c.getLeftExpression());
        if (x instanceof CaseExpression) return false;
        return false;
    }

    /** The tools' name of an arithmetic expression's operation ({@code add}, {@code subtract}, ...), or null. */
    static String arithmeticOperation(Expression x) {
        if (x instanceof Addition) return "add";
        if (x instanceof Subtraction) return "subtract";
        if (x instanceof Multiplication) return "multiply";
        if (x instanceof Division) return "divide";
        return null;
    }

    static List<Expression> params(Function f) {
        List<Expression> out = new ArrayList<>();
        if (f.getParameters() != null) for (Object o : f.getParameters()) out.add((Expression) o);
        return out;
    }
}
