package dev.ibench.core.rest;

import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.runtime.OrderSensitivity;
import dev.ibench.core.sql.Identifiers;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.sql.SqlParsing;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * Generates an endpoint for a question without a model: the gold SQL's comparison literals become typed query
 * parameters ({@link LiteralLifter}), named after the column they are compared with and the comparison
 * ({@code superhero_name}, {@code min_height_cm}, {@code full_name_contains}) and described with the database's
 * column descriptions; the question's own literals are the arguments. The endpoint is marked
 * {@code produced_by: deterministic}. The response columns are filled in after execution
 * ({@link EndpointSpec#withResponseColumns}).
 */
public final class DeterministicEndpointGenerator {
    public static final String PRODUCER = "deterministic";

    private final String source;
    private final DatabaseEntry db;
    private final SchemaIndex schema;

    public DeterministicEndpointGenerator(String source, DatabaseEntry db, SchemaIndex schema) {
        this.source = source;
        this.db = db;
        this.schema = schema;
    }

    public GeneratedEndpoint generate(Question q) throws RestGenerationException {
        Select select;
        try {
            select = SqlParsing.parseSelect(q.sql());
        } catch (SqlParsing.SqlParseException e) {
            throw new RestGenerationException("sql_parse_error", e.getMessage());
        }
        LiftedSql lifted;
        try {
            lifted = LiteralLifter.lift(select, columnOfQueriedTables(select));
        } catch (RuntimeException e) {
            throw new RestGenerationException("template_error", "cannot rewrite the SQL: " + e);
        }
        List<QueryParameter> params = new ArrayList<>();
        Map<String, Object> args = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        for (LiftedLiteral l : lifted.literals()) {
            String table = resolveTable(l, lifted.tables());
            String base = baseName(l, role(l, lifted));
            String name = l.kind().parameterName(base);
            String unique = name;
            for (int i = 2; used.contains(unique); i++) unique = name + "_" + i;
            used.add(unique);
            String column = l.column() == null ? null : (table == null ? "" : table + ".") + l.column();
            params.add(new QueryParameter(unique, l.type(), Names.title(unique), describe(l, table), true, l.position(), column));
            args.put(unique, l.value());
        }
        String slug = slug(select, lifted, params);
        String name = EndpointNaming.name(slug, source, db.id());
        String summary = summary(select, lifted, params);
        String description = summary + ".";
        boolean ordered = OrderSensitivity.ordered(q.sql());
        EndpointSpec spec = new EndpointSpec(name, EndpointSpec.GET, EndpointNaming.path(slug, source, db.id()), summary, description, params,
                lifted.template(), new ResponseShape(List.of(), ordered), PRODUCER);
        return new GeneratedEndpoint(spec, args);
    }

    /** Whether a name is a column of a table the query reads (for SQLite's double-quoted string fallback). */
    private java.util.function.Predicate<String> columnOfQueriedTables(Select select) {
        if (schema == null) return name -> true;
        Set<String> tables;
        try {
            tables = new net.sf.jsqlparser.util.TablesNamesFinder().getTables((net.sf.jsqlparser.statement.Statement) select);
        } catch (RuntimeException e) {
            return name -> true;
        }
        return name -> {
            for (String t : tables) {
                if (schema.column(Identifiers.unquote(t), name) != null) return true;
            }
            return false;
        };
    }

    private String resolveTable(LiftedLiteral l, Map<String, String> tables) {
        if (l.column() == null) return null;
        if (l.tableOrAlias() != null) {
            String t = tables.get(l.tableOrAlias().toLowerCase(Locale.ROOT));
            String name = t != null ? t : l.tableOrAlias();
            return schema != null && schema.table(name) != null ? schema.table(name) : name;
        }
        if (schema != null) {
            for (String t : tables.values()) {
                if (schema.column(t, l.column()) != null) return schema.table(t) != null ? schema.table(t) : t;
            }
        }
        return tables.isEmpty() ? null : tables.values().iterator().next();
    }

    /**
     * The role a joined table plays, when the join column names a specialisation of the table: colour joined on
     * {@code eye_colour_id} plays {@code eye_colour}, AIRPORTS joined on {@code SourceAirport} plays
     * {@code source_airport}; publisher joined on {@code publisher_id} plays no role beyond its name.
     */
    private static String role(LiftedLiteral l, LiftedSql lifted) {
        return role(l.tableOrAlias(), lifted);
    }

    private static String role(String tableOrAlias, LiftedSql lifted) {
        if (tableOrAlias == null) return null;
        String key = Identifiers.unquote(tableOrAlias).toLowerCase(Locale.ROOT);
        String joinColumn = lifted.joinRoles().get(key);
        String table = lifted.tables().get(key);
        if (joinColumn == null || table == null) return null;
        String role = Names.snake(joinColumn).replaceAll("_id$", "");
        String singular = Names.snake(table).replaceAll("s$", "");
        if (role.isEmpty() || singular.isEmpty() || role.equals(singular) || !role.contains(singular)) return null;
        return role;
    }

    private static String baseName(LiftedLiteral l, String role) {
        String col = l.column() == null ? null : Names.snake(l.column());
        if (col != null && role != null && !col.startsWith(role)) {
            col = role.endsWith(col) ? role : role + "_" + col;
        }
        if (col == null || col.isEmpty()) return l.part() == null ? "value" : l.part();
        if (l.part() == null) return col;
        return switch (l.part()) {
            case "count", "sum", "avg", "min", "max", "total" -> l.part() + "_" + col;
            default -> col + "_" + l.part();
        };
    }

    private String describe(LiftedLiteral l, String table) {
        String what;
        if (l.column() == null) {
            what = l.part() == null ? "Value" : "Value of " + l.part().toUpperCase(Locale.ROOT) + "(...)";
        } else {
            String d = table == null ? l.column().replace('_', ' ') : db.description(table, l.column());
            what = d.trim();
            if (l.part() != null) what = l.part() + " of " + what;
        }
        what = what.replaceAll("[.\\s]+$", "");
        String col = l.column() == null ? "" : " (" + (table == null ? "" : table + ".") + l.column() + ")";
        String wildcard = l.kind() == ComparisonKind.PATTERN || l.kind() == ComparisonKind.NOT_PATTERN ? "; '%' matches any text, '_' one character" : "";
        return what + col + "; rows " + l.kind().phrase() + " this value are selected" + wildcard;
    }

    /** Output words, then {@code _by_<param>_and_<param>} for as many whole parameter names as fit the name limit. */
    private String slug(Select select, LiftedSql lifted, List<QueryParameter> params) {
        int max = EndpointNaming.maxSlug(source, db.id());
        StringBuilder sb = new StringBuilder(Names.truncate(outputWords(select, lifted), max));
        Set<String> seen = new HashSet<>();
        int n = 0;
        for (QueryParameter p : params) {
            String base = p.name().replaceAll("_\\d+$", "");
            if (!seen.add(base) || n == 2) continue;
            String part = (n == 0 ? "_by_" : "_and_") + base;
            if (sb.length() + part.length() > max) break;
            sb.append(part);
            n++;
        }
        String slug = sb.toString();
        return slug.isEmpty() ? "data" : slug;
    }

    private String summary(Select select, LiftedSql lifted, List<QueryParameter> params) {
        String out = outputWords(select, lifted).replace("_highest_", " with the highest ").replace("_lowest_", " with the lowest ").replace('_', ' ');
        Set<String> tables = new java.util.LinkedHashSet<>(lifted.tables().values());
        StringBuilder sb = new StringBuilder("Get ").append(out);
        if (!tables.isEmpty()) sb.append(" from ").append(String.join(", ", tables.stream().limit(3).toList()));
        if (!params.isEmpty()) {
            List<String> titles = new ArrayList<>();
            for (QueryParameter p : params) titles.add(p.title().toLowerCase(Locale.ROOT));
            sb.append(" for a given ").append(String.join(", ", titles));
        }
        return sb.toString();
    }

    /** Words for what the query returns: its select items, e.g. {@code count_superhero_name}, {@code full_name_and_weight_kg}. */
    private static String outputWords(Select select, LiftedSql lifted) {
        PlainSelect ps = first(select);
        if (ps == null || ps.getSelectItems() == null) return "data";
        List<String> words = new ArrayList<>();
        for (SelectItem<?> item : ps.getSelectItems()) {
            String w = itemWords(item.getExpression(), lifted);
            if (!w.isEmpty() && !words.contains(w)) words.add(w);
            if (words.size() == 2) break;
        }
        String distinct = ps.getDistinct() != null ? "distinct_" : "";
        String s = words.isEmpty() ? "data" : String.join("_and_", words);
        // a bare COUNT(*) or * says nothing about what is counted: add the first table read
        if ((s.equals("count") || s.equals("all_columns")) && !lifted.tables().isEmpty()) s = s + "_" + Names.snake(lifted.tables().values().iterator().next());
        // GROUP BY: one row per group, say of what (unless the group column is already an output word)
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null && !ps.getGroupBy().getGroupByExpressionList().isEmpty()) {
            Object first = ps.getGroupBy().getGroupByExpressionList().get(0);
            if (first instanceof Expression g) {
                String per = itemWords(g, lifted);
                if (!words.contains(per) && !per.equals("value")) s = s + "_per_" + per;
            }
        }
        // ORDER BY ... LIMIT picks extremes: say which
        if (ps.getLimit() != null && ps.getOrderByElements() != null && !ps.getOrderByElements().isEmpty()) {
            var order = ps.getOrderByElements().get(0);
            String by = itemWords(order.getExpression(), lifted);
            if (!words.contains(by)) s = s + (order.isAsc() ? "_lowest_" : "_highest_") + by;
        }
        return distinct + s;
    }

    private static PlainSelect first(Select s) {
        if (s instanceof PlainSelect ps) return ps;
        if (s instanceof SetOperationList so && !so.getSelects().isEmpty()) return first(so.getSelects().get(0));
        if (s instanceof ParenthesedSelect p) return first(p.getSelect());
        return null;
    }

    private static String itemWords(Expression e, LiftedSql lifted) {
        if (e instanceof Column c) {
            String col = Names.snake(Identifiers.unquote(c.getColumnName()));
            String role = c.getTable() == null || c.getTable().getName() == null ? null : role(c.getTable().getName(), lifted);
            if (role != null && !col.startsWith(role)) col = role.endsWith(col) ? role : role + "_" + col;
            return col;
        }
        if (e instanceof AllColumns) return "all_columns";
        if (e instanceof Function f) {
            String fn = f.getName() == null ? "value" : Names.snake(f.getName());
            Column c = LiteralLifter.ColumnRef.of(e).column() == null ? null : new Column(LiteralLifter.ColumnRef.of(e).column());
            if (fn.equals("count") && (f.isAllColumns() || c == null)) return "count";
            return c == null ? fn : fn + "_" + Names.snake(c.getColumnName());
        }
        // computed values: name what is computed, not the first column inside it (often an id)
        String t = e.toString().replaceAll("\\s+", "");
        if (t.contains("*100") && t.contains("/")) return "percentage";
        if (t.contains("/")) return "ratio";
        if (e instanceof net.sf.jsqlparser.expression.operators.arithmetic.Subtraction) return "difference";
        LiteralLifter.ColumnRef ref = LiteralLifter.ColumnRef.of(e);
        if (ref.column() != null) return Names.snake(ref.column()) + "_value";
        return "value";
    }
}
