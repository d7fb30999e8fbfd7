package dev.ibench.core.rest;

import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.sql.SchemaIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * The code-gen prompt (in the spirit of the seed's appendix E.2.1, but asking for an endpoint spec as JSON instead
 * of FastAPI code, since endpoints here are data): wrap the SQL into one GET endpoint whose query parameters
 * replace the literals of the WHERE/HAVING conditions, with a summary, descriptions and the call that reproduces
 * the question. {@link LlmEndpointProposal} reads the answer.
 */
public final class CodeGenPrompt {
    private CodeGenPrompt() {}

    /** Column descriptions of the tables the SQL mentions, as {@code table.column (type): description}. */
    public static List<String> columnDescriptions(String sql, DatabaseEntry db, SchemaIndex schema) {
        List<String> out = new ArrayList<>();
        java.util.Set<String> tables;
        try {
            tables = new java.util.TreeSet<>(net.sf.jsqlparser.util.TablesNamesFinder.findTables(sql));
        } catch (Exception | Error e) {
            return out;
        }
        for (String written : tables) {
            String t = schema.table(dev.ibench.core.sql.Identifiers.unquote(written));
            if (t == null) continue;
            for (SchemaIndex.ColumnInfo c : schema.columns(t)) {
                out.add(t + "." + c.name() + " (" + (c.declaredType() == null || c.declaredType().isBlank() ? "any" : c.declaredType()) + "): "
                        + db.description(t, c.name()));
            }
        }
        return out;
    }

    public static String render(CodeGenRequest r) {
        StringBuilder sb = new StringBuilder();
        sb.append("You are a careful API developer. Wrap the SQL query below into ONE read-only REST endpoint (HTTP GET) ")
                .append("for the ").append(r.dbId()).append(" database, so that the question can be answered by calling it.\n\n")
                .append("Query parameters are added to the end of the URL and filter the data being returned. Replace every literal value ")
                .append("that the query compares a column with (in WHERE, HAVING, JOIN ON, CASE WHEN) by a query parameter, so the endpoint ")
                .append("is generic and works for other values. Keep LIMIT values, arithmetic constants and function arguments fixed.\n")
                .append("Example: SELECT director FROM director WHERE name = 'Pinocchio' becomes the endpoint \"get_director_for_a_movie\" ")
                .append("with the parameter movie_name (string, \"Name of the movie\") and SQL SELECT director FROM director WHERE name = ?1.\n\n")
                .append("Question: ").append(r.question().text()).append('\n');
        if (r.question().evidence() != null && !r.question().evidence().isBlank()) sb.append("Evidence: ").append(r.question().evidence()).append('\n');
        sb.append("SQL: ").append(r.question().sql()).append("\n\nColumns of the tables it reads:\n");
        for (String d : r.columnDescriptions()) sb.append("- ").append(d).append('\n');
        if (r.previousVerdict() != null) {
            sb.append("\nYour previous endpoint (attempt ").append(r.attempt() - 1).append(") was rejected: ").append(r.previousVerdict())
                    .append("\nFix it so that calling it with the arguments returns exactly the result of the SQL query.\n");
        }
        sb.append("\nAnswer with one JSON object and nothing else:\n")
                .append("{\"slug\": \"snake_case words for what it returns, e.g. free_meal_count_ratio\",\n")
                .append(" \"summary\": \"Get ... for a given ...\",\n")
                .append(" \"description\": \"one or two sentences\",\n")
                .append(" \"parameters\": [{\"name\": \"snake_case\", \"type\": \"string|integer|number\", \"description\": \"...\"}],\n")
                .append(" \"sql\": \"the query with ?1, ?2, ... in place of the parameters, in the order of the parameters list\",\n")
                .append(" \"arguments\": {\"<parameter name>\": <the value from the original query>}}\n");
        return sb.toString();
    }
}
