package dev.ibench.core.compile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * The end of a SELECT with GROUP BY: {@code group_data_by}, HAVING as filters, ORDER BY, then the selected keys;
 * an aggregate in any of them is computed per group once ({@code aggregate_data} on the grouped data).
 */
final class GroupedProjectionCompiler {
    private final Compilation c;

    GroupedProjectionCompiler(Compilation c) {
        this.c = c;
    }

    String compile(PlainSelect ps, Pipeline p, boolean distinct, long limitRows) throws UnsupportedQueryException {
        List<SelectItem<?>> items = ps.getSelectItems();
        List<String> groupKeys = new ArrayList<>();
        for (Object o : ps.getGroupBy().getGroupByExpressionList()) groupKeys.add(c.keys.columnKey(p, ProjectionCompiler.resolveAlias((Expression) o, items)));
        p.current = c.sink.add("group_data_by", "GROUPED_DF", "data_source", CallSink.ref(p.current),
                "key_name", groupKeys.size() == 1 ? groupKeys.get(0) : groupKeys);
        Map<String, String> aggregateKeys = new LinkedHashMap<>();
        ConditionCompiler.KeyResolver groupedKey = (pp, e) -> groupedKey(pp, ProjectionCompiler.resolveAlias(e, items), aggregateKeys, groupKeys);
        if (ps.getHaving() != null) c.conditions.apply(p, ps.getHaving(), groupedKey);
        List<OrderByElement> order = ps.getOrderByElements();
        if (order != null) {
            for (int i = order.size() - 1; i >= 0; i--) {
                OrderByElement o = order.get(i);
                String key = groupedKey.key(p, o.getExpression());
                p.current = c.sink.add("sort_data", "SORTED_DF", "data_source", CallSink.ref(p.current), "key_name", key, "ascending", o.isAsc());
            }
        }
        List<String> keys = new ArrayList<>();
        for (SelectItem<?> item : items) {
            if (item.getExpression() instanceof AllColumns) throw new UnsupportedQueryException("unsupported_star_with_group", item.toString());
            keys.add(groupedKey.key(p, item.getExpression()));
        }
        return c.sink.add("retrieve_data", "SELECT_COL", "data_source", CallSink.ref(p.current),
                "key_name", keys.size() == 1 ? keys.get(0) : keys, "distinct", distinct, "limit", limitRows);
    }

    /** Key of an expression on grouped data: a column, or an aggregate computed per group (once). */
    private String groupedKey(Pipeline p, Expression e, Map<String, String> aggregateKeys, List<String> groupKeys)
            throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof Function f && Expressions.isAggregate(f)) {
            String id = f.toString().toLowerCase(Locale.ROOT);
            String known = aggregateKeys.get(id);
            if (known != null) return known;
            AggregateCompiler.AggregateSpec spec = c.aggregates.aggregateSpec(p, f, false);
            p.current = c.sink.add("aggregate_data", "AGGREGATED_DF", "data_source", CallSink.ref(p.current), "key_name", spec.key(),
                    "aggregation_type", spec.type().wireName(), "distinct", spec.distinct(), "limit", -1L);
            String key = spec.type().resultKey(spec.key(), spec.distinct());
            aggregateKeys.put(id, key);
            return key;
        }
        if (Expressions.containsAggregate(x)) throw new UnsupportedQueryException("unsupported_grouped_arithmetic", x.toString());
        String key = c.keys.columnKey(p, x);
        if (!groupKeys.contains(key)) requireGroupedColumns(p, x, groupKeys);
        return key;
    }

    /**
     * A bare column (neither grouped nor aggregated) takes its value from a row SQLite picks (or the row of a lone
     * MIN/MAX), which no tool sequence reproduces: refused, unless the group keys hold its table's whole primary key, so
     * every row of a group has the same value.
     */
    private void requireGroupedColumns(Pipeline p, Expression e, List<String> groupKeys) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof Column col) {
            String key = p.scope.key(col);
            if (key == null || groupKeys.contains(p.raw(key))) return;
            Scope.AliasInfo alias = p.scope.aliasOf(col);
            List<String> pk = c.schema.primaryKey(alias.table());
            boolean dependent = !pk.isEmpty();
            for (String k : pk) dependent &= groupKeys.contains(p.raw(alias.modified() + "_" + k));
            if (!dependent) {
                throw new UnsupportedQueryException("unsupported_bare_column_in_group",
                        col + " is neither grouped nor aggregated; SQLite would take it from an arbitrary row of each group");
            }
        } else if (x instanceof CastExpression cast) {
            requireGroupedColumns(p, cast.getLeftExpression(), groupKeys);
        } else if (x instanceof BinaryExpression b) {
            requireGroupedColumns(p, b.getLeftExpression(), groupKeys);
            requireGroupedColumns(p, b.getRightExpression(), groupKeys);
        } else if (x instanceof Function f) {
            for (Expression arg : Expressions.params(f)) requireGroupedColumns(p, arg, groupKeys);
        }
    }
}
