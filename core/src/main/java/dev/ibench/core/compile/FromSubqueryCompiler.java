package dev.ibench.core.compile;

import dev.ibench.core.runtime.Aggregation;
import dev.ibench.core.sql.Identifiers;
import dev.ibench.core.tools.BuildMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * {@code SELECT T.a, T.b FROM (inner) AS T} and {@code SELECT AGG(T.a) | COUNT(*) FROM (inner) AS T} with nothing
 * else in the outer query (extended): the inner query is compiled with only the referenced items, then aggregated if
 * needed.
 */
final class FromSubqueryCompiler {
    private final Compilation c;

    FromSubqueryCompiler(Compilation c) {
        this.c = c;
    }

    String compile(PlainSelect outer, ParenthesedSelect sub, boolean top) throws UnsupportedQueryException {
        c.require(BuildMode.EXTENDED, "unsupported_from_subquery", sub);
        if (!(sub.getSelect() instanceof PlainSelect inner) || outer.getJoins() != null && !outer.getJoins().isEmpty() || outer.getWhere() != null
                || outer.getGroupBy() != null || outer.getHaving() != null || outer.getOrderByElements() != null || outer.getLimit() != null) {
            throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
        }
        List<SelectItem<?>> outerItems = outer.getSelectItems();
        if (outerItems.size() == 1 && Expressions.unwrap(outerItems.get(0).getExpression()) instanceof Function f && Expressions.isAggregate(f)) {
            return aggregateOfInner(outer, inner, f, top);
        }
        return selectFromInner(outer, inner, top);
    }

    /** {@code SELECT AGG(T.a) | COUNT(*) FROM (inner) AS T}: the inner query keeps the aggregated item only. */
    private String aggregateOfInner(PlainSelect outer, PlainSelect inner, Function f, boolean top) throws UnsupportedQueryException {
        Aggregation type = switch (Expressions.functionName(f)) {
            case "COUNT" -> Aggregation.COUNT;
            case "SUM" -> Aggregation.SUM;
            case "AVG" -> Aggregation.MEAN;
            case "MIN" -> Aggregation.MIN;
            case "MAX" -> Aggregation.MAX;
            default -> throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
        };
        List<Expression> args = Expressions.params(f);
        if (!f.isAllColumns() && !(args.size() == 1 && Expressions.unwrap(args.get(0)) instanceof AllColumns)) {
            if (args.size() != 1 || !(Expressions.unwrap(args.get(0)) instanceof Column col)) throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
            inner.setSelectItems(List.of(innerItem(inner.getSelectItems(), col)));
        } else if (type != Aggregation.COUNT) {
            throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
        }
        if (outer.getDistinct() != null) throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
        String list = c.compileSelect(inner, top);
        return c.sink.add("aggregate_data", type.wireName().toUpperCase(Locale.ROOT), "data_source", CallSink.ref(list), "key_name", "",
                "aggregation_type", type.wireName(), "distinct", f.isDistinct(), "limit", -1L);
    }

    /** {@code SELECT T.a, T.b | * FROM (inner) AS T}: the inner query keeps the chosen items, with the outer DISTINCT. */
    private String selectFromInner(PlainSelect outer, PlainSelect inner, boolean top) throws UnsupportedQueryException {
        List<SelectItem<?>> innerItems = inner.getSelectItems();
        List<SelectItem<?>> chosen = new ArrayList<>();
        for (SelectItem<?> item : outer.getSelectItems()) {
            Expression e = Expressions.unwrap(item.getExpression());
            if (e instanceof AllColumns) {
                chosen.addAll(innerItems);
            } else if (e instanceof Column col) {
                chosen.add(innerItem(innerItems, col));
            } else {
                throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
            }
        }
        inner.setSelectItems(chosen);
        if (outer.getDistinct() != null) inner.setDistinct(outer.getDistinct());
        return c.compileSelect(inner, top);
    }

    private static SelectItem<?> innerItem(List<SelectItem<?>> items, Column c) throws UnsupportedQueryException {
        String name = Identifiers.unquote(c.getColumnName());
        for (SelectItem<?> item : items) {
            if (item.getAlias() != null && Identifiers.unquote(item.getAlias().getName()).equalsIgnoreCase(name)) return item;
        }
        for (SelectItem<?> item : items) {
            if (Expressions.unwrap(item.getExpression()) instanceof Column ic && Identifiers.unquote(ic.getColumnName()).equalsIgnoreCase(name)) return item;
        }
        throw new UnsupportedQueryException("unknown_column", c.toString());
    }
}
