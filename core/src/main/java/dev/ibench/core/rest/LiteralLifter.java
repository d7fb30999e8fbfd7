package dev.ibench.core.rest;

import dev.ibench.core.sql.Identifiers;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.util.deparser.ExpressionDeParser;
import net.sf.jsqlparser.util.deparser.SelectDeParser;

/**
 * Rewrites a parsed SELECT into a parameterised template: every literal that is compared with a column
 * ({@code =, <>, <, <=, >, >=, LIKE, IN (...), BETWEEN}, anywhere: WHERE, HAVING, ON, CASE/IIF conditions,
 * subqueries) becomes an SQLite numbered placeholder {@code ?N}; all other literals (LIMIT, arithmetic, function
 * arguments such as {@code strftime('%Y', ...)}, THEN values) stay fixed. The rewrite runs inside JSqlParser's
 * deparser, so placeholder numbers follow the order in which they appear in the template text.
 * LIKE patterns of the form {@code %x%}, {@code x%}, {@code %x} bind the bare {@code x} and keep the wildcards in
 * the SQL ({@code '%' || ?1 || '%'}).
 */
final class LiteralLifter {
    private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "total");

    private LiteralLifter() {}

    static LiftedSql lift(Select select) {
        return lift(select, name -> true);
    }

    /**
     * {@code isColumn} tells whether a double-quoted name is a column of the database: SQLite reads {@code "JetBlue"}
     * as a string literal when no such column exists, and so does the lifter.
     */
    static LiftedSql lift(Select select, java.util.function.Predicate<String> isColumn) {
        StringBuilder buffer = new StringBuilder();
        LiftingDeParser expressions = new LiftingDeParser(isColumn);
        TableRecordingDeParser selects = new TableRecordingDeParser(expressions, buffer);
        expressions.setSelectVisitor(selects);
        expressions.setBuffer(buffer);
        select.accept(selects, null);
        return new LiftedSql(buffer.toString(), expressions.lifted, selects.tables, expressions.joinRoles);
    }

    /** Records every table the query reads, under its alias and its own name (lower case), in query order. */
    private static final class TableRecordingDeParser extends SelectDeParser {
        final Map<String, String> tables = new java.util.LinkedHashMap<>();

        TableRecordingDeParser(ExpressionDeParser expressions, StringBuilder buffer) {
            super(expressions, buffer);
        }

        @Override
        public <S> StringBuilder visit(Table table, S context) {
            String name = Identifiers.unquote(table.getName());
            if (name != null) {
                tables.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
                if (table.getAlias() != null && table.getAlias().getName() != null) {
                    tables.put(Identifiers.unquote(table.getAlias().getName()).toLowerCase(Locale.ROOT), name);
                }
            }
            return super.visit(table, context);
        }
    }

    /** A literal waiting to be emitted: what it is compared with, how, the bound value and the SQL around the placeholder. */
    private record Pending(Expression other, ComparisonKind kind, Object value, ParamType type, String before, String after) {}

    private static final class LiftingDeParser extends ExpressionDeParser {
        private final Map<Expression, Pending> pending = new IdentityHashMap<>();
        final List<LiftedLiteral> lifted = new ArrayList<>();
        private final java.util.function.Predicate<String> isColumn;

        LiftingDeParser(java.util.function.Predicate<String> isColumn) {
            this.isColumn = isColumn;
        }

        /** A literal's value, including double-quoted names that are not columns (SQLite's string fallback). */
        private Object literal(Expression e) {
            if (e instanceof Column c && c.getTable() == null && Identifiers.isDoubleQuoted(c.getColumnName())
                    && !isColumn.test(Identifiers.unquote(c.getColumnName()))) {
                return Identifiers.unquote(c.getColumnName()).replace("\"\"", "\"");
            }
            return LiteralLifter.literal(e);
        }

        @Override
        public <S> StringBuilder visit(Column v, S c) {
            return emit(v) ? buffer : super.visit(v, c);
        }

        private void comparison(BinaryExpression e, ComparisonKind kind) {
            Expression l = e.getLeftExpression();
            Expression r = e.getRightExpression();
            if (literal(r) != null && literal(l) == null) register(r, l, kind);
            else if (literal(l) != null && literal(r) == null) register(l, r, kind.mirrored());
        }

        private void register(Expression lit, Expression other, ComparisonKind kind) {
            Object v = literal(lit);
            pending.put(lit, new Pending(other, kind, v, typeOf(v), "", ""));
        }

        private boolean emit(Expression node) {
            Pending p = pending.remove(node);
            if (p == null) return false;
            int position = lifted.size() + 1;
            ColumnRef ref = ColumnRef.of(p.other());
            lifted.add(new LiftedLiteral(ref.table(), ref.column(), ref.part(), p.kind(), p.value(), p.type(), position));
            buffer.append(p.before()).append('?').append(position).append(p.after());
            return true;
        }

        /**
         * Alias (lower case) -> the column of another table it is joined on: {@code T1.eye_colour_id = T2.id} gives
         * T2 -> eye_colour_id, {@code T1.SourceAirport = T2.AirportCode} gives T2 -> SourceAirport (and T1 -> AirportCode).
         */
        final Map<String, String> joinRoles = new java.util.HashMap<>();

        private void joinRole(Expression a, Expression b) {
            if (a instanceof Column other && b instanceof Column key && key.getTable() != null && key.getTable().getName() != null
                    && other.getTable() != null && other.getTable().getName() != null) {
                String otherName = Identifiers.unquote(other.getColumnName());
                if (!otherName.equalsIgnoreCase(Identifiers.unquote(key.getColumnName()))) {
                    joinRoles.putIfAbsent(Identifiers.unquote(key.getTable().getName()).toLowerCase(Locale.ROOT), otherName);
                }
            }
        }

        @Override
        public <S> StringBuilder visit(EqualsTo e, S c) {
            joinRole(e.getLeftExpression(), e.getRightExpression());
            joinRole(e.getRightExpression(), e.getLeftExpression());
            comparison(e, ComparisonKind.EQUALS);
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(NotEqualsTo e, S c) {
            comparison(e, ComparisonKind.NOT_EQUALS);
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(GreaterThan e, S c) {
            comparison(e, ComparisonKind.MIN_EXCLUSIVE);
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(GreaterThanEquals e, S c) {
            comparison(e, ComparisonKind.MIN_INCLUSIVE);
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(MinorThan e, S c) {
            comparison(e, ComparisonKind.MAX_EXCLUSIVE);
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(MinorThanEquals e, S c) {
            comparison(e, ComparisonKind.MAX_INCLUSIVE);
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(LikeExpression e, S c) {
            Expression right = e.getRightExpression();
            if ((right instanceof StringValue || right instanceof Column) && literal(right) instanceof String pattern && literal(e.getLeftExpression()) == null) {
                pending.put(right, likePending(e, pattern));
            }
            return super.visit(e, c);
        }

        /** A plain LIKE binds the part around its wildcards ({@code %x%}, {@code x%}, {@code %x}); anything else binds the whole pattern. */
        private static Pending likePending(LikeExpression e, String pattern) {
            Expression left = e.getLeftExpression();
            if (e.getEscape() == null && e.getLikeKeyWord() == LikeExpression.KeyWord.LIKE) {
                String inner = pattern.length() >= 2 ? pattern.substring(1, pattern.length() - 1) : "";
                if (pattern.startsWith("%") && pattern.endsWith("%") && plain(inner)) {
                    return new Pending(left, e.isNot() ? ComparisonKind.NOT_CONTAINS : ComparisonKind.CONTAINS, inner, ParamType.STRING, "('%' || ", " || '%')");
                }
                if (!e.isNot() && pattern.endsWith("%") && plain(pattern.substring(0, pattern.length() - 1))) {
                    return new Pending(left, ComparisonKind.PREFIX, pattern.substring(0, pattern.length() - 1), ParamType.STRING, "(", " || '%')");
                }
                if (!e.isNot() && pattern.startsWith("%") && plain(pattern.substring(1))) {
                    return new Pending(left, ComparisonKind.SUFFIX, pattern.substring(1), ParamType.STRING, "('%' || ", ")");
                }
            }
            return new Pending(left, e.isNot() ? ComparisonKind.NOT_PATTERN : ComparisonKind.PATTERN, pattern, ParamType.STRING, "", "");
        }

        private static boolean plain(String s) {
            return !s.isEmpty() && s.indexOf('%') < 0 && s.indexOf('_') < 0;
        }

        @Override
        public <S> StringBuilder visit(InExpression e, S c) {
            if (e.getRightExpression() instanceof ExpressionList<?> list && literal(e.getLeftExpression()) == null) {
                for (Expression item : list) {
                    if (literal(item) != null) register(item, e.getLeftExpression(), e.isNot() ? ComparisonKind.NOT_IN_LIST : ComparisonKind.IN_LIST);
                }
            }
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(Between e, S c) {
            if (!e.isNot() && literal(e.getLeftExpression()) == null) {
                if (literal(e.getBetweenExpressionStart()) != null) register(e.getBetweenExpressionStart(), e.getLeftExpression(), ComparisonKind.BETWEEN_LOW);
                if (literal(e.getBetweenExpressionEnd()) != null) register(e.getBetweenExpressionEnd(), e.getLeftExpression(), ComparisonKind.BETWEEN_HIGH);
            }
            return super.visit(e, c);
        }

        @Override
        public <S> StringBuilder visit(StringValue v, S c) {
            return emit(v) ? buffer : super.visit(v, c);
        }

        @Override
        public <S> StringBuilder visit(LongValue v, S c) {
            return emit(v) ? buffer : super.visit(v, c);
        }

        @Override
        public <S> StringBuilder visit(DoubleValue v, S c) {
            return emit(v) ? buffer : super.visit(v, c);
        }

        @Override
        public <S> StringBuilder visit(SignedExpression v, S c) {
            return emit(v) ? buffer : super.visit(v, c);
        }
    }

    /** The value of a literal node (String, Long, Double), or null when the node is not a literal. */
    static Object literal(Expression e) {
        if (e instanceof StringValue s) return s.getPrefix() == null ? s.getNotExcapedValue() : null;
        if (e instanceof LongValue l) {
            try {
                return l.getValue();
            } catch (RuntimeException ex) {
                return null;
            }
        }
        if (e instanceof DoubleValue d) return d.getValue();
        if (e instanceof SignedExpression s && (s.getExpression() instanceof LongValue || s.getExpression() instanceof DoubleValue)) {
            Object inner = literal(s.getExpression());
            if (inner == null) return null;
            if (s.getSign() == '+') return inner;
            if (s.getSign() != '-') return null;
            return inner instanceof Long x ? (Object) (-x) : (Object) (-(Double) inner);
        }
        return null;
    }

    private static ParamType typeOf(Object v) {
        if (v instanceof Long) return ParamType.INTEGER;
        if (v instanceof Double) return ParamType.NUMBER;
        return ParamType.STRING;
    }

    /** The column a literal is compared with: the first column inside the other side, and a derived part. */
    record ColumnRef(String table, String column, String part) {
        static ColumnRef of(Expression e) {
            Column col = firstColumn(e, 0);
            String part = null;
            if (e instanceof Function f) {
                String fn = f.getName() == null ? "" : f.getName().toLowerCase(Locale.ROOT);
                if (fn.equals("strftime") && f.getParameters() != null && !f.getParameters().isEmpty()
                        && f.getParameters().get(0) instanceof StringValue fmt) {
                    part = switch (fmt.getValue()) {
                        case "%Y" -> "year";
                        case "%m" -> "month";
                        case "%d" -> "day";
                        case "%H" -> "hour";
                        default -> null;
                    };
                } else if (AGGREGATES.contains(fn)) {
                    part = fn;
                }
            }
            if (col == null) return new ColumnRef(null, null, part);
            String table = col.getTable() == null || col.getTable().getName() == null ? null : Identifiers.unquote(col.getTable().getName());
            return new ColumnRef(table, Identifiers.unquote(col.getColumnName()), part);
        }

        private static Column firstColumn(Expression e, int depth) {
            if (e == null || depth > 20) return null;
            if (e instanceof Column c) return c;
            if (e instanceof Function f) {
                if (f.getParameters() == null) return null;
                for (Expression p : f.getParameters()) {
                    Column c = firstColumn(p, depth + 1);
                    if (c != null) return c;
                }
                return null;
            }
            if (e instanceof CastExpression c) return firstColumn(c.getLeftExpression(), depth + 1);
            if (e instanceof BinaryExpression b) {
                Column c = firstColumn(b.getLeftExpression(), depth + 1);
                return c != null ? c : firstColumn(b.getRightExpression(), depth + 1);
            }
            if (e instanceof SignedExpression s) return firstColumn(s.getExpression(), depth + 1);
            if (e instanceof ExpressionList<?> list) {
                for (Expression x : list) {
                    Column c = firstColumn(x, depth + 1);
                    if (c != null) return c;
                }
            }
            return null;
        }
    }
}
