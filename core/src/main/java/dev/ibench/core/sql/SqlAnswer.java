package dev.ibench.core.sql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one SQL query in a model's answer for the SQL baseline: a fenced {@code ```sql} block, else a JSON answer's
 * {@code query} or {@code sql} (also inside a call's {@code arguments}), else the text from the first {@code SELECT}
 * or {@code WITH}, else a whole answer that is a statement of another kind (to be refused). A trailing {@code ;} is dropped; anything after it stays, and is refused as a second statement.
 */
public final class SqlAnswer {
    private static final Pattern FENCE = Pattern.compile("```(?:sql|sqlite)?\\s*(.*?)```", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern START = Pattern.compile("\\b(SELECT|WITH)\\b", Pattern.CASE_INSENSITIVE);
    /** A statement of another kind written as the whole answer: extracted, so that it is refused as such. */
    private static final Pattern OTHER_STATEMENT = Pattern.compile(
            "^\\s*(INSERT|UPDATE|DELETE|REPLACE|DROP|CREATE|ALTER|PRAGMA|ATTACH|DETACH|VACUUM)\\b", Pattern.CASE_INSENSITIVE);

    private SqlAnswer() {}

    public static Optional<String> extract(String raw) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        Matcher fence = FENCE.matcher(raw);
        if (fence.find()) {
            return clean(fence.group(1));
        }
        Optional<String> fromJson = fromJson(raw.strip());
        if (fromJson.isPresent()) {
            return fromJson;
        }
        if (OTHER_STATEMENT.matcher(raw).find()) {
            return clean(raw);
        }
        Matcher start = START.matcher(raw);
        return start.find() ? clean(raw.substring(start.start())) : Optional.empty();
    }

    private static Optional<String> fromJson(String text) {
        if (!text.startsWith("{") && !text.startsWith("[")) {
            return Optional.empty();
        }
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            JsonNode item = node.isArray() && !node.isEmpty() ? node.get(0) : node;
            JsonNode holder = item.has("arguments") ? item.get("arguments") : item;
            for (String key : new String[] {"query", "sql", "SQL"}) {
                if (holder.path(key).isTextual()) {
                    return clean(holder.get(key).asText());
                }
            }
        } catch (Exception notJson) {
            // not JSON: read as text
        }
        return Optional.empty();
    }

    private static Optional<String> clean(String sql) {
        String s = sql.strip();
        if (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s.isEmpty() ? Optional.empty() : Optional.of(s);
    }

    /** True for text that begins like a query (after comments): SELECT or WITH. */
    static boolean startsAsQuery(String sql) {
        String s = sql.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)--.*$", " ").strip().toUpperCase(Locale.ROOT);
        return s.startsWith("SELECT") || s.startsWith("WITH");
    }
}
