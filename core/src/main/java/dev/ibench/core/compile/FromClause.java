package dev.ibench.core.compile;

import dev.ibench.core.runtime.InitializationStep;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * Reads a SELECT's FROM table and JOINs into its scope: the tables, and the column equalities that join them (the
 * initialization step's join conditions); the other conditions stay filters.
 */
final class FromClause {
    private FromClause() {}

    /**
     * Adds the FROM table and the joined tables to the scope, with the join conditions from ON and, where tables are
     * joined by comma or there are several, from WHERE; returns the conjuncts left to filter with.
     */
    static List<Expression> readTablesAndJoins(PlainSelect ps, Scope scope, List<Expression> where) throws UnsupportedQueryException {
        if (!(ps.getFromItem() instanceof Table from)) {
            throw new UnsupportedQueryException(ps.getFromItem() == null ? "unsupported_no_from" : "unsupported_from_subquery", String.valueOf(ps.getFromItem()));
        }
        scope.addTable(from.getName(), from.getAlias() == null ? null : from.getAlias().getName());
        boolean commaJoins = false;
        if (ps.getJoins() != null) {
            for (Join j : ps.getJoins()) {
                if (!addJoin(scope, j, where)) commaJoins = true;
            }
        }
        if (commaJoins || scope.aliases().size() > 1) return joinConditionsFromWhere(scope, where);
        return where;
    }

    /**
     * Adds one joined table and the column equalities of its ON; other ON conditions of an inner join go to
     * {@code where}. Returns whether the join has an ON.
     */
    private static boolean addJoin(Scope scope, Join j, List<Expression> where) throws UnsupportedQueryException {
        if (!(j.getRightItem() instanceof Table t)) throw new UnsupportedQueryException("unsupported_join_subquery", j.toString());
        if (j.isRight() || j.isFull() || j.isNatural() || j.isOuter() && !j.isLeft() || (j.getUsingColumns() != null && !j.getUsingColumns().isEmpty())) {
            throw new UnsupportedQueryException("unsupported_join_type", j.toString());
        }
        scope.addTable(t.getName(), t.getAlias() == null ? null : t.getAlias().getName());
        String type = j.isLeft() ? "LEFT" : "INNER";
        boolean hasOn = j.getOnExpressions() != null && !j.getOnExpressions().isEmpty();
        if (hasOn) {
            for (Expression on : j.getOnExpressions()) {
                for (Expression conj : Expressions.conjuncts(on)) {
                    if (isColumnEquality(scope, conj)) {
                        scope.joins.add(joinCondition(scope, (EqualsTo) conj, type));
                    } else if (type.equals("INNER")) {
                        where.add(conj);
                    } else {
                        throw new UnsupportedQueryException("unsupported_join_condition", conj.toString());
                    }
                }
            }
        }
        return hasOn;
    }

    /** Moves the WHERE equalities between columns of two different tables into the join conditions (inner joins). */
    private static List<Expression> joinConditionsFromWhere(Scope scope, List<Expression> where) throws UnsupportedQueryException {
        List<Expression> kept = new ArrayList<>();
        for (Expression conj : where) {
            if (isColumnEquality(scope, conj) && crossesAliases(scope, (EqualsTo) conj)) {
                scope.joins.add(joinCondition(scope, (EqualsTo) conj, "INNER"));
            } else {
                kept.add(conj);
            }
        }
        return kept;
    }

    private static InitializationStep.JoinCondition joinCondition(Scope scope, EqualsTo eq, String type) throws UnsupportedQueryException {
        return new InitializationStep.JoinCondition(scope.qualified((Column) Expressions.unwrap(eq.getLeftExpression())),
                scope.qualified((Column) Expressions.unwrap(eq.getRightExpression())), type);
    }

    private static boolean isColumnEquality(Scope scope, Expression e) throws UnsupportedQueryException {
        if (!(e instanceof EqualsTo eq)) return false;
        return Expressions.unwrap(eq.getLeftExpression()) instanceof Column l && Expressions.unwrap(eq.getRightExpression()) instanceof Column r
                && scope.aliasOf(l) != null && scope.aliasOf(r) != null;
    }

    private static boolean crossesAliases(Scope scope, EqualsTo eq) throws UnsupportedQueryException {
        return scope.aliasOf((Column) Expressions.unwrap(eq.getLeftExpression())) != scope.aliasOf((Column) Expressions.unwrap(eq.getRightExpression()));
    }
}
