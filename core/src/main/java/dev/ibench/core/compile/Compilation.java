package dev.ibench.core.compile;

import dev.ibench.core.runtime.FilterCondition;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.tools.BuildMode;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.statement.select.ExceptOp;
import net.sf.jsqlparser.statement.select.IntersectOp;
import net.sf.jsqlparser.statement.select.MinusOp;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperation;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.UnionOp;

/**
 * The state of compiling one gold query: mode, schema, the calls emitted so far and the starting tables.
 * SELECT parts are compiled in the seed's order: JOIN (initialization step, {@link FromClause}), WHERE
 * ({@link ConditionCompiler}), GROUP BY, ORDER BY, SELECT ({@link ProjectionCompiler}), aggregate
 * ({@link AggregateCompiler}); this class compiles the statement around them (set operations, one plain SELECT).
 */
final class Compilation {
    final BuildMode mode;
    final SchemaIndex schema;
    final CallSink sink = new CallSink();
    final List<InitializationStep.JoinSpec> tables = new ArrayList<>();
    Scope mainScope;
    final ConditionCompiler conditions = new ConditionCompiler(this);
    final ColumnKeyCompiler keys = new ColumnKeyCompiler(this);
    final AggregateCompiler aggregates = new AggregateCompiler(this);
    private final ProjectionCompiler projections = new ProjectionCompiler(this);
    private final FromSubqueryCompiler fromSubqueries = new FromSubqueryCompiler(this);

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

    String compileSelect(Select select, boolean top) throws UnsupportedQueryException {
        if (select instanceof ParenthesedSelect ps) return compileSelect(ps.getSelect(), top);
        if (select instanceof PlainSelect ps) return compilePlain(ps, top);
        if (select instanceof SetOperationList set) return compileSetOperation(set, top);
        throw new UnsupportedQueryException("unsupported_statement", select.getClass().getSimpleName());
    }

    /** UNION / INTERSECT / EXCEPT (extended): the selects left to right, each result combined with the next. */
    private String compileSetOperation(SetOperationList set, boolean top) throws UnsupportedQueryException {
        require(BuildMode.EXTENDED, "unsupported_set_operation", set.getOperations());
        if (set.getOrderByElements() != null || set.getLimit() != null) {
            throw new UnsupportedQueryException("unsupported_set_operation_order", set.toString());
        }
        String label = compileSelect(set.getSelects().get(0), top);
        for (int i = 1; i < set.getSelects().size(); i++) {
            String name = combineOperation(set, set.getOperations().get(i - 1));
            String right = compileSelect(set.getSelects().get(i), false);
            label = sink.add("combine_results", "COMBINED", "first", CallSink.ref(label), "second", CallSink.ref(right), "operation", name);
        }
        return label;
    }

    private static String combineOperation(SetOperationList set, SetOperation op) throws UnsupportedQueryException {
        if (op instanceof UnionOp u) {
            if (u.isAll()) throw new UnsupportedQueryException("unsupported_union_all", set.toString());
            return "union";
        }
        if (op instanceof IntersectOp) return "intersect";
        if (op instanceof ExceptOp || op instanceof MinusOp) return "except";
        throw new UnsupportedQueryException("unsupported_set_operation", op.toString());
    }

    private String compilePlain(PlainSelect ps, boolean top) throws UnsupportedQueryException {
        if (ps.getWithItemsList() != null && !ps.getWithItemsList().isEmpty()) throw new UnsupportedQueryException("unsupported_with", "WITH");
        Scope scope = new Scope(schema);
        List<Expression> where = new ArrayList<>(Expressions.conjuncts(ps.getWhere()));
        if (ps.getFromItem() instanceof ParenthesedSelect fromSub) return fromSubqueries.compile(ps, fromSub, top);
        List<Expression> filters = FromClause.readTablesAndJoins(ps, scope, where);
        Pipeline p = new Pipeline(scope, sink, startLabel(scope));
        for (Expression conj : filters) conditions.apply(p, conj, keys::columnKey);
        return projections.compile(ps, p);
    }

    /** The label of the scope's joined table: the first scope's is the starting table, an equal join is reused. */
    private String startLabel(Scope scope) {
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
}
