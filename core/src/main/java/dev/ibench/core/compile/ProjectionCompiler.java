package dev.ibench.core.compile;

import dev.ibench.core.sql.Identifiers;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.tools.BuildMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * The end of a SELECT on filtered rows: ORDER BY, then the selected keys with DISTINCT and LIMIT
 * ({@code retrieve_data}); or, where every item is an aggregate, their scalar values; GROUP BY goes to
 * {@link GroupedProjectionCompiler}.
 */
final class ProjectionCompiler {
    private final Compilation c;
    private final GroupedProjectionCompiler grouped;

    ProjectionCompiler(Compilation c) {
        this.c = c;
        this.grouped = new GroupedProjectionCompiler(c);
    }

    String compile(PlainSelect ps, Pipeline p) throws UnsupportedQueryException {
        List<SelectItem<?>> items = ps.getSelectItems();
        long limitRows = limitRows(ps, p);
        boolean distinct = ps.getDistinct() != null;
        boolean isGrouped = ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null
                && !ps.getGroupBy().getGroupByExpressionList().isEmpty();
        if (isGrouped) return grouped.compile(ps, p, distinct, limitRows);
        if (ps.getHaving() != null) throw new UnsupportedQueryException("unsupported_having_without_group", ps.getHaving().toString());
        boolean anyAggregate = false;
        boolean allAggregate = true;
        for (SelectItem<?> item : items) {
            boolean agg = item.getExpression() != null && Expressions.containsAggregate(item.getExpression());
            anyAggregate |= agg;
            allAggregate &= agg;
        }
        if (anyAggregate) {
            if (!allAggregate) throw new UnsupportedQueryException("unsupported_bare_column_with_aggregate", items.toString());
            return aggregateValues(p, items);
        }
        sortBy(p, ps.getOrderByElements(), items);
        List<String> keys = new ArrayList<>();
        for (SelectItem<?> item : items) addKeys(p, item.getExpression(), keys);
        return c.sink.add("retrieve_data", "SELECT_COL", "data_source", CallSink.ref(p.current),
                "key_name", keys.size() == 1 ? keys.get(0) : keys, "distinct", distinct, "limit", limitRows);
    }

    /** LIMIT's row count, -1 without one; OFFSET is refused. */
    private static long limitRows(PlainSelect ps, Pipeline p) throws UnsupportedQueryException {
        Limit limit = ps.getLimit();
        if (ps.getOffset() != null || (limit != null && limit.getOffset() != null)) throw new UnsupportedQueryException("unsupported_offset", String.valueOf(limit));
        if (limit == null || limit.getRowCount() == null) return -1;
        Object n = Expressions.literal(limit.getRowCount(), p.scope);
        if (!(n instanceof Long l)) throw new UnsupportedQueryException("unsupported_limit", limit.toString());
        return l;
    }

    /** Every item an aggregate: one scalar value, or several combined (extended). */
    private String aggregateValues(Pipeline p, List<SelectItem<?>> items) throws UnsupportedQueryException {
        String base = p.current;
        List<String> labels = new ArrayList<>();
        for (SelectItem<?> item : items) labels.add(c.aggregates.scalar(p, base, item.getExpression()));
        if (labels.size() == 1) return labels.get(0);
        c.require(BuildMode.EXTENDED, "unsupported_multiple_aggregates", items);
        List<Object> refs = new ArrayList<>();
        for (String l : labels) refs.add(CallSink.ref(l));
        return c.sink.add("combine_values", "COMBINED", "values", refs);
    }

    /** One stable sort per ORDER BY key, the last key first, so the first key decides. */
    private void sortBy(Pipeline p, List<OrderByElement> order, List<SelectItem<?>> items) throws UnsupportedQueryException {
        if (order == null) return;
        for (int i = order.size() - 1; i >= 0; i--) {
            OrderByElement o = order.get(i);
            Expression oe = resolveAlias(o.getExpression(), items);
            if (Expressions.containsAggregate(oe)) throw new UnsupportedQueryException("unsupported_order_by_aggregate", o.toString());
            String key = c.keys.columnKey(p, oe);
            p.current = c.sink.add("sort_data", "SORTED_DF", "data_source", CallSink.ref(p.current), "key_name", key, "ascending", o.isAsc());
        }
    }

    /** The keys one SELECT item reads: {@code *} every column of every table, {@code T.*} every column of T. */
    private void addKeys(Pipeline p, Expression e, List<String> keys) throws UnsupportedQueryException {
        if (e instanceof AllColumns && !(e instanceof AllTableColumns)) {
            for (Scope.AliasInfo a : p.scope.aliases().values()) addAllKeys(p, a, keys);
        } else if (e instanceof AllTableColumns atc) {
            Scope.AliasInfo a = p.scope.aliases().get(Identifiers.unquote(atc.getTable().getName()).toLowerCase(Locale.ROOT));
            if (a == null) throw new UnsupportedQueryException("unknown_table_reference", atc.toString());
            addAllKeys(p, a, keys);
        } else {
            keys.add(c.keys.columnKey(p, e));
        }
    }

    private void addAllKeys(Pipeline p, Scope.AliasInfo a, List<String> keys) throws UnsupportedQueryException {
        for (SchemaIndex.ColumnInfo col : c.schema.columns(a.table())) keys.add(p.raw(a.modified() + "_" + col.name()));
    }

    /** An unqualified column naming a SELECT item's alias stands for that item's expression. */
    static Expression resolveAlias(Expression e, List<SelectItem<?>> items) {
        Expression x = Expressions.unwrap(e);
        if (x instanceof Column col && col.getTable() == null) {
            for (SelectItem<?> item : items) {
                if (item.getAlias() != null && Identifiers.unquote(item.getAlias().getName()).equalsIgnoreCase(Identifiers.unquote(col.getColumnName()))) {
                    return item.getExpression();
                }
            }
        }
        return x;
    }
}
