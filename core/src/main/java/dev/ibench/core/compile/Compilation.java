package dev.ibench.core.compile;

import dev.ibench.core.runtime.Aggregation;
import dev.ibench.core.runtime.FilterCondition;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.sql.Identifiers;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.tools.BuildMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.ExceptOp;
import net.sf.jsqlparser.statement.select.IntersectOp;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.MinusOp;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperation;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.UnionOp;

/**
 * The state of compiling one gold query: mode, schema, the calls emitted so far and the starting tables.
 * SELECT parts are compiled in the seed's order: JOIN (initialization step), WHERE, GROUP BY, ORDER BY,
 * SELECT, aggregate.
 */
final class Compilation {
    final BuildMode mode;
    final SchemaIndex schema;
    final CallSink sink = new CallSink();
    final List<InitializationStep.JoinSpec> tables = new ArrayList<>();
    Scope mainScope;
    private final ConditionCompiler conditions = new ConditionCompiler(this);

    Compilation(BuildMode mode, SchemaIndex schema) {
        this.mode = mode;
        this.schema = schema;
    }

    void require(BuildMode needed, String reason, Object what) throws UnsupportedQueryException {
        if (needed == BuildMode.EXTENDED && mode != BuildMode.EXTENDED) throw new UnsupportedQueryException(reason, String.valueOf(what));
    }

    void requireCondition(String condition, Object what) throws UnsupportedQueryException {
        FilterCondition fc = FilterCondition.fromWire(condition);
        if (fc == null || (!fc.inPaperMode() && mode != BuildMode.EXTENDED)) {
            throw new UnsupportedQueryException("unsupported_condition_" + condition, String.valueOf(what));
        }
    }

    /** Compiles a whole query; returns the label of the final answer. */
    String compileTop(Select select) throws UnsupportedQueryException {
        return compileSelect(select, true);
    }

    /** A subquery used as a value: compiled first, its label becomes the argument. */
    String subquery(ParenthesedSelect sub) throws UnsupportedQueryException {
        require(BuildMode.EXTENDED, "unsupported_subquery", sub);
        return CallSink.ref(compileSelect(sub.getSelect(), false));
    }

    private String compileSelect(Select select, boolean top) throws UnsupportedQueryException {
        if (select instanceof ParenthesedSelect ps) return compileSelect(ps.getSelect(), top);
        if (select instanceof PlainSelect ps) return compilePlain(ps, top);
        if (select instanceof SetOperationList set) {
            require(BuildMode.EXTENDED, "unsupported_set_operation", set.getOperations());
            if (set.getOrderByElements() != null || set.getLimit() != null) {
                throw new UnsupportedQueryException("unsupported_set_operation_order", set.toString());
            }
            String label = compileSelect(set.getSelects().get(0), top);
            for (int i = 1; i < set.getSelects().size(); i++) {
                SetOperation op = set.getOperations().get(i - 1);
                String name;
                if (op instanceof UnionOp u) {
                    if (u.isAll()) throw new UnsupportedQueryException("unsupported_union_all", set.toString());
                    name = "union";
                } else if (op instanceof IntersectOp) {
                    name = "intersect";
                } else if (op instanceof ExceptOp || op instanceof MinusOp) {
                    name = "except";
                } else {
                    throw new UnsupportedQueryException("unsupported_set_operation", op.toString());
                }
                String right = compileSelect(set.getSelects().get(i), false);
                label = sink.add("combine_results", "COMBINED", "first", CallSink.ref(label), "second", CallSink.ref(right), "operation", name);
            }
            return label;
        }
        throw new UnsupportedQueryException("unsupported_statement", select.getClass().getSimpleName());
    }

    private String compilePlain(PlainSelect ps, boolean top) throws UnsupportedQueryException {
        if (ps.getWithItemsList() != null && !ps.getWithItemsList().isEmpty()) throw new UnsupportedQueryException("unsupported_with", "WITH");
        Scope scope = new Scope(schema);
        List<Expression> where = new ArrayList<>(Expressions.conjuncts(ps.getWhere()));
        if (ps.getFromItem() instanceof ParenthesedSelect fromSub) return compileFromSubquery(ps, fromSub, top);
        if (!(ps.getFromItem() instanceof Table from)) {
            throw new UnsupportedQueryException(ps.getFromItem() == null ? "unsupported_no_from" : "unsupported_from_subquery", String.valueOf(ps.getFromItem()));
        }
        scope.addTable(from.getName(), from.getAlias() == null ? null : from.getAlias().getName());
        boolean commaJoins = false;
        if (ps.getJoins() != null) {
            for (Join j : ps.getJoins()) {
                if (!(j.getRightItem() instanceof Table t)) throw new UnsupportedQueryException("unsupported_join_subquery", j.toString());
                if (j.isRight() || j.isFull() || j.isNatural() || j.isOuter() && !j.isLeft() || (j.getUsingColumns() != null && !j.getUsingColumns().isEmpty())) {
                    throw new UnsupportedQueryException("unsupported_join_type", j.toString());
                }
                scope.addTable(t.getName(), t.getAlias() == null ? null : t.getAlias().getName());
                String type = j.isLeft() ? "LEFT" : "INNER";
                boolean hasOn = j.getOnExpressions() != null && !j.getOnExpressions().isEmpty();
                if (!hasOn) commaJoins = true;
                if (hasOn) {
                    for (Expression on : j.getOnExpressions()) {
                        for (Expression conj : Expressions.conjuncts(on)) {
                            if (isColumnEquality(scope, conj)) {
                                EqualsTo eq = (EqualsTo) conj;
                                scope.joins.add(new InitializationStep.JoinCondition(scope.qualified((Column) Expressions.unwrap(eq.getLeftExpression())),
                                        scope.qualified((Column) Expressions.unwrap(eq.getRightExpression())), type));
                            } else if (type.equals("INNER")) {
                                where.add(conj);
                            } else {
                                throw new UnsupportedQueryException("unsupported_join_condition", conj.toString());
                            }
                        }
                    }
                }
            }
        }
        if (commaJoins || scope.aliases().size() > 1) {
            List<Expression> kept = new ArrayList<>();
            for (Expression conj : where) {
                if (isColumnEquality(scope, conj) && crossesAliases(scope, (EqualsTo) conj)) {
                    EqualsTo eq = (EqualsTo) conj;
                    scope.joins.add(new InitializationStep.JoinCondition(scope.qualified((Column) Expressions.unwrap(eq.getLeftExpression())),
                            scope.qualified((Column) Expressions.unwrap(eq.getRightExpression())), "INNER"));
                } else {
                    kept.add(conj);
                }
            }
            where = kept;
        }
        String start = startLabel(scope, top);
        Pipeline p = new Pipeline(scope, sink, start);
        for (Expression conj : where) conditions.apply(p, conj, this::columnKey);
        return compileProjection(ps, p);
    }

    /**
     * {@code SELECT T.a, T.b FROM (inner) AS T} and {@code SELECT AGG(T.a) | COUNT(*) FROM (inner) AS T} with nothing
     * else in the outer query: the inner query is compiled with only the referenced items, then aggregated if needed.
     */
    private String compileFromSubquery(PlainSelect outer, ParenthesedSelect sub, boolean top) throws UnsupportedQueryException {
        require(BuildMode.EXTENDED, "unsupported_from_subquery", sub);
        if (!(sub.getSelect() instanceof PlainSelect inner) || outer.getJoins() != null && !outer.getJoins().isEmpty() || outer.getWhere() != null
                || outer.getGroupBy() != null || outer.getHaving() != null || outer.getOrderByElements() != null || outer.getLimit() != null) {
            throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
        }
        List<SelectItem<?>> innerItems = inner.getSelectItems();
        List<SelectItem<?>> outerItems = outer.getSelectItems();
        if (outerItems.size() == 1 && Expressions.unwrap(outerItems.get(0).getExpression()) instanceof Function f && Expressions.isAggregate(f)) {
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
                if (args.size() != 1 || !(Expressions.unwrap(args.get(0)) instanceof Column c)) throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
                inner.setSelectItems(List.of(innerItem(innerItems, c)));
            } else if (type != Aggregation.COUNT) {
                throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
            }
            if (outer.getDistinct() != null) throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
            String list = compileSelect(inner, top);
            return sink.add("aggregate_data", type.wireName().toUpperCase(java.util.Locale.ROOT), "data_source", CallSink.ref(list), "key_name", "",
                    "aggregation_type", type.wireName(), "distinct", f.isDistinct(), "limit", -1L);
        }
        List<SelectItem<?>> chosen = new ArrayList<>();
        for (SelectItem<?> item : outerItems) {
            Expression e = Expressions.unwrap(item.getExpression());
            if (e instanceof AllColumns) {
                chosen.addAll(innerItems);
            } else if (e instanceof Column c) {
                chosen.add(innerItem(innerItems, c));
            } else {
                throw new UnsupportedQueryException("unsupported_from_subquery_shape", outer.toString());
            }
        }
        inner.setSelectItems(chosen);
        if (outer.getDistinct() != null) inner.setDistinct(outer.getDistinct());
        return compileSelect(inner, top);
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

    private String startLabel(Scope scope, boolean top) {
        if (tables.isEmpty()) {
            InitializationStep.JoinSpec spec = scope.joinSpec(InitializationStep.STARTING_LABEL);
            tables.add(spec);
            mainScope = scope;
            return spec.label();
        }
        String key = scope.joinSpec("x").cacheKey();
        for (InitializationStep.JoinSpec s : tables) {
            if (s.cacheKey().equals(key)) return s.label();
        }
        InitializationStep.JoinSpec spec = scope.joinSpec(InitializationStep.STARTING_LABEL + "_" + tables.size());
        tables.add(spec);
        return spec.label();
    }

    private static boolean isColumnEquality(Scope scope, Expression e) throws UnsupportedQueryException {
        if (!(e instanceof EqualsTo eq)) return false;
        return Expressions.unwrap(eq.getLeftExpression()) instanceof Column l && Expressions.unwrap(eq.getRightExpression()) instanceof Column r
                && scope.aliasOf(l) != null && scope.aliasOf(r) != null;
    }

    private static boolean crossesAliases(Scope scope, EqualsTo eq) throws UnsupportedQueryException {
        return scope.aliasOf((Column) Expressions.unwrap(eq.getLeftExpression())) != scope.aliasOf((Column) Expressions.unwrap(eq.getRightExpression()));
    }

    // ---------------------------------------------------------------- keys

    /** The key an expression reads, emitting in-place transforms for SUBSTR/STRFTIME; CAST is transparent. */
    String columnKey(Pipeline p, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof Column col) {
            String key = p.scope.key(col);
            if (key == null) throw new UnsupportedQueryException("unknown_column", col.toString());
            return p.raw(key);
        }
        if (x instanceof CastExpression cast) return columnKey(p, cast.getLeftExpression());
        if (x instanceof Addition || x instanceof Subtraction || x instanceof Multiplication || x instanceof Division) {
            require(BuildMode.EXTENDED, "unsupported_column_arithmetic", x);
            BinaryExpression b = (BinaryExpression) x;
            Object left = Expressions.literal(b.getLeftExpression(), p.scope);
            Object right = Expressions.literal(b.getRightExpression(), p.scope);
            if (left != Expressions.NOT_LITERAL && !(left instanceof Number) || right != Expressions.NOT_LITERAL && !(right instanceof Number)
                    || left instanceof Number && right instanceof Number) {
                throw new UnsupportedQueryException("unsupported_column_arithmetic", x.toString());
            }
            Object v1 = left instanceof Number ? left : columnKey(p, b.getLeftExpression());
            Object v2 = right instanceof Number ? right : columnKey(p, b.getRightExpression());
            String op = x instanceof Addition ? "add" : x instanceof Subtraction ? "subtract" : x instanceof Multiplication ? "multiply" : "divide";
            String key = dev.ibench.core.runtime.ComputeColumn.resultKey(v1, op, v2);
            if (!p.computed.contains(key)) {
                p.current = sink.add("compute_column", "COMPUTED_DF", "data_source", CallSink.ref(p.current), "operation", op, "value_1", v1, "value_2", v2);
                p.computed.add(key);
            }
            return key;
        }
        if (x instanceof Function f) {
            String name = Expressions.functionName(f);
            List<Expression> args = Expressions.params(f);
            if ((name.equals("SUBSTR") || name.equals("SUBSTRING")) && (args.size() == 2 || args.size() == 3)) {
                String key = baseKey(p, args.get(0));
                Object start = Expressions.literal(args.get(1), p.scope);
                Object len = args.size() == 3 ? Expressions.literal(args.get(2), p.scope) : null;
                if (!(start instanceof Long s) || (args.size() == 3 && !(len instanceof Long))) {
                    throw new UnsupportedQueryException("unsupported_substr_arguments", x.toString());
                }
                Map<String, Object> opArgs = new LinkedHashMap<>();
                if (s > 0) {
                    opArgs.put("start_index", s - 1);
                    if (len != null) opArgs.put("end_index", s - 1 + (Long) len);
                } else if (s < 0) {
                    opArgs.put("start_index", s);
                    if (len != null && s + (Long) len < 0) opArgs.put("end_index", s + (Long) len);
                } else {
                    throw new UnsupportedQueryException("unsupported_substr_arguments", x.toString());
                }
                return p.transform(key, "substring", opArgs);
            }
            if (name.equals("STRFTIME") && args.size() == 2) {
                Object fmt = Expressions.literal(args.get(0), p.scope);
                if (!(fmt instanceof String format) || !format.matches("(%[YmdHMSjw]|[^%])*")) {
                    throw new UnsupportedQueryException("unsupported_strftime_format", x.toString());
                }
                String key = baseKey(p, args.get(1));
                return p.transform(key, "strftime", Map.of("format", format));
            }
            if ((name.equals("JULIANDAY") || name.equals("LENGTH") || name.equals("LOWER") || name.equals("UPPER")) && args.size() == 1) {
                require(BuildMode.EXTENDED, "unsupported_function_" + name.toLowerCase(java.util.Locale.ROOT), x);
                return p.transform(baseKey(p, args.get(0)), name.toLowerCase(java.util.Locale.ROOT), Map.of());
            }
            throw new UnsupportedQueryException("unsupported_function_" + name.toLowerCase(java.util.Locale.ROOT), x.toString());
        }
        throw new UnsupportedQueryException("unsupported_expression", x.getClass().getSimpleName() + ": " + x);
    }

    private String baseKey(Pipeline p, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof CastExpression cast) x = Expressions.unwrap(cast.getLeftExpression());
        if (!(x instanceof Column col)) throw new UnsupportedQueryException("unsupported_nested_function", x.toString());
        String key = p.scope.key(col);
        if (key == null) throw new UnsupportedQueryException("unknown_column", col.toString());
        return key;
    }

    // ---------------------------------------------------------------- projection

    private String compileProjection(PlainSelect ps, Pipeline p) throws UnsupportedQueryException {
        List<SelectItem<?>> items = ps.getSelectItems();
        Limit limit = ps.getLimit();
        if (ps.getOffset() != null || (limit != null && limit.getOffset() != null)) throw new UnsupportedQueryException("unsupported_offset", String.valueOf(limit));
        long limitRows = -1;
        if (limit != null && limit.getRowCount() != null) {
            Object n = Expressions.literal(limit.getRowCount(), p.scope);
            if (!(n instanceof Long l)) throw new UnsupportedQueryException("unsupported_limit", limit.toString());
            limitRows = l;
        }
        boolean distinct = ps.getDistinct() != null;
        boolean grouped = ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null
                && !ps.getGroupBy().getGroupByExpressionList().isEmpty();
        if (grouped) return compileGrouped(ps, p, distinct, limitRows);
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
            String base = p.current;
            List<String> labels = new ArrayList<>();
            for (SelectItem<?> item : items) labels.add(scalar(p, base, item.getExpression()));
            if (labels.size() == 1) return labels.get(0);
            require(BuildMode.EXTENDED, "unsupported_multiple_aggregates", items);
            List<Object> refs = new ArrayList<>();
            for (String l : labels) refs.add(CallSink.ref(l));
            return sink.add("combine_values", "COMBINED", "values", refs);
        }
        List<OrderByElement> order = ps.getOrderByElements();
        if (order != null) {
            for (int i = order.size() - 1; i >= 0; i--) {
                OrderByElement o = order.get(i);
                Expression oe = resolveAlias(o.getExpression(), items);
                if (Expressions.containsAggregate(oe)) throw new UnsupportedQueryException("unsupported_order_by_aggregate", o.toString());
                String key = columnKey(p, oe);
                p.current = sink.add("sort_data", "SORTED_DF", "data_source", CallSink.ref(p.current), "key_name", key, "ascending", o.isAsc());
            }
        }
        List<String> keys = new ArrayList<>();
        for (SelectItem<?> item : items) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns && !(e instanceof AllTableColumns)) {
                for (Scope.AliasInfo a : p.scope.aliases().values()) addAllKeys(p, a, keys);
            } else if (e instanceof AllTableColumns atc) {
                Scope.AliasInfo a = p.scope.aliases().get(Identifiers.unquote(atc.getTable().getName()).toLowerCase(java.util.Locale.ROOT));
                if (a == null) throw new UnsupportedQueryException("unknown_table_reference", atc.toString());
                addAllKeys(p, a, keys);
            } else {
                keys.add(columnKey(p, e));
            }
        }
        return sink.add("retrieve_data", "SELECT_COL", "data_source", CallSink.ref(p.current),
                "key_name", keys.size() == 1 ? keys.get(0) : keys, "distinct", distinct, "limit", limitRows);
    }

    private void addAllKeys(Pipeline p, Scope.AliasInfo a, List<String> keys) throws UnsupportedQueryException {
        for (SchemaIndex.ColumnInfo c : schema.columns(a.table())) keys.add(p.raw(a.modified() + "_" + c.name()));
    }

    private static Expression resolveAlias(Expression e, List<SelectItem<?>> items) {
        Expression x = Expressions.unwrap(e);
        if (x instanceof Column c && c.getTable() == null) {
            for (SelectItem<?> item : items) {
                if (item.getAlias() != null && Identifiers.unquote(item.getAlias().getName()).equalsIgnoreCase(Identifiers.unquote(c.getColumnName()))) {
                    return item.getExpression();
                }
            }
        }
        return x;
    }

    private String compileGrouped(PlainSelect ps, Pipeline p, boolean distinct, long limitRows) throws UnsupportedQueryException {
        List<SelectItem<?>> items = ps.getSelectItems();
        List<String> groupKeys = new ArrayList<>();
        for (Object o : ps.getGroupBy().getGroupByExpressionList()) groupKeys.add(columnKey(p, resolveAlias((Expression) o, items)));
        p.current = sink.add("group_data_by", "GROUPED_DF", "data_source", CallSink.ref(p.current),
                "key_name", groupKeys.size() == 1 ? groupKeys.get(0) : groupKeys);
        Map<String, String> aggregateKeys = new LinkedHashMap<>();
        ConditionCompiler.KeyResolver groupedKey = (pp, e) -> groupedKey(pp, resolveAlias(e, items), aggregateKeys, groupKeys);
        if (ps.getHaving() != null) conditions.apply(p, ps.getHaving(), groupedKey);
        List<OrderByElement> order = ps.getOrderByElements();
        if (order != null) {
            for (int i = order.size() - 1; i >= 0; i--) {
                OrderByElement o = order.get(i);
                String key = groupedKey.key(p, o.getExpression());
                p.current = sink.add("sort_data", "SORTED_DF", "data_source", CallSink.ref(p.current), "key_name", key, "ascending", o.isAsc());
            }
        }
        List<String> keys = new ArrayList<>();
        for (SelectItem<?> item : items) {
            if (item.getExpression() instanceof AllColumns) throw new UnsupportedQueryException("unsupported_star_with_group", item.toString());
            keys.add(groupedKey.key(p, item.getExpression()));
        }
        return sink.add("retrieve_data", "SELECT_COL", "data_source", CallSink.ref(p.current),
                "key_name", keys.size() == 1 ? keys.get(0) : keys, "distinct", distinct, "limit", limitRows);
    }

    /** Key of an expression on grouped data: a column, or an aggregate computed per group (once). */
    private String groupedKey(Pipeline p, Expression e, Map<String, String> aggregateKeys, List<String> groupKeys)
            throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof Function f && Expressions.isAggregate(f)) {
            String id = f.toString().toLowerCase(java.util.Locale.ROOT);
            String known = aggregateKeys.get(id);
            if (known != null) return known;
            AggregateSpec spec = aggregateSpec(p, f, false);
            p.current = sink.add("aggregate_data", "AGGREGATED_DF", "data_source", CallSink.ref(p.current), "key_name", spec.key(),
                    "aggregation_type", spec.type().wireName(), "distinct", spec.distinct(), "limit", -1L);
            String key = spec.type().resultKey(spec.key(), spec.distinct());
            aggregateKeys.put(id, key);
            return key;
        }
        if (Expressions.containsAggregate(x)) throw new UnsupportedQueryException("unsupported_grouped_arithmetic", x.toString());
        String key = columnKey(p, x);
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
            List<String> pk = schema.primaryKey(alias.table());
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

    // ---------------------------------------------------------------- aggregates

    /** key null means "aggregate the {@code then} expression of a CASE". */
    record AggregateSpec(String key, Aggregation type, boolean distinct, Expression filter, Expression then) {}

    private AggregateSpec aggregateSpec(Pipeline p, Function f, boolean allowCase) throws UnsupportedQueryException {
        String name = Expressions.functionName(f);
        Aggregation type = switch (name) {
            case "COUNT" -> Aggregation.COUNT;
            case "SUM", "TOTAL" -> Aggregation.SUM;
            case "AVG" -> Aggregation.MEAN;
            case "MIN" -> Aggregation.MIN;
            case "MAX" -> Aggregation.MAX;
            default -> throw new UnsupportedQueryException("unsupported_aggregate_" + name.toLowerCase(java.util.Locale.ROOT), f.toString());
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
        return new AggregateSpec(columnKey(p, arg), type, f.isDistinct(), null, null);
    }

    /** SUM/COUNT/AVG over CASE WHEN c THEN x ELSE 0|NULL END (or IIF): filter c, then aggregate. */
    private AggregateSpec conditionalAggregate(Pipeline p, Aggregation type, Expression arg, Function f) throws UnsupportedQueryException {
        require(BuildMode.EXTENDED, "unsupported_case", f);
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
    private String scalar(Pipeline p, String base, Expression e) throws UnsupportedQueryException {
        Expression x = Expressions.unwrap(e);
        if (x instanceof CastExpression cast) return scalar(p, base, cast.getLeftExpression());
        if (x instanceof Function f && Expressions.isAggregate(f)) {
            p.current = base;
            AggregateSpec spec = aggregateSpec(p, f, true);
            String source = p.current;
            if (spec.filter() != null) {
                Pipeline sub = new Pipeline(p.scope, sink, source);
                conditions.apply(sub, spec.filter(), this::columnKey);
                source = sub.current;
            }
            String key = spec.key();
            if (key == null) {
                Pipeline sub = new Pipeline(p.scope, sink, source);
                key = columnKey(sub, spec.then());
                source = sub.current;
            }
            return sink.add("aggregate_data", spec.type().wireName().toUpperCase(java.util.Locale.ROOT), "data_source", CallSink.ref(source),
                    "key_name", key, "aggregation_type", spec.type().wireName(), "distinct", spec.distinct(), "limit", -1L);
        }
        if (x instanceof Addition || x instanceof Subtraction || x instanceof Multiplication || x instanceof Division) {
            require(BuildMode.EXTENDED, "unsupported_arithmetic", x);
            BinaryExpression b = (BinaryExpression) x;
            Object left = operand(p, base, b.getLeftExpression());
            Object right = operand(p, base, b.getRightExpression());
            String op = x instanceof Addition ? "add" : x instanceof Subtraction ? "subtract" : x instanceof Multiplication ? "multiply" : "divide";
            return sink.add("compute_arithmetic", "COMPUTED", "operation", op, "value_1", left, "value_2", right);
        }
        if (x instanceof ParenthesedSelect sub) {
            return subquery(sub).replace("$", "");
        }
        if (x instanceof Function f && Expressions.functionName(f).equals("ROUND") && Expressions.params(f).size() <= 2 && Expressions.containsAggregate(x)) {
            require(BuildMode.EXTENDED, "unsupported_arithmetic", x);
            List<Expression> args = Expressions.params(f);
            Object digits = args.size() == 2 ? Expressions.literal(args.get(1), p.scope) : (Object) 0L;
            if (!(digits instanceof Long)) throw new UnsupportedQueryException("unsupported_round_digits", x.toString());
            Object value = operand(p, base, args.get(0));
            return sink.add("compute_arithmetic", "COMPUTED", "operation", "round", "value_1", value, "value_2", digits);
        }
        throw new UnsupportedQueryException("unsupported_select_expression", x.toString());
    }

    private Object operand(Pipeline p, String base, Expression e) throws UnsupportedQueryException {
        Object lit = Expressions.literal(e, p.scope);
        if (lit instanceof Number) return lit;
        return CallSink.ref(scalar(p, base, e));
    }
}
