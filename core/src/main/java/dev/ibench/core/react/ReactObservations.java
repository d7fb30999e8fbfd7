package dev.ibench.core.react;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.GroupedTable;
import dev.ibench.core.runtime.Observation;
import dev.ibench.core.runtime.Table;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The full text of a tool observation as stored: tables and grouped tables keep the runtime's summary
 * (size, keys, first rows); lists and single values are written out in full as JSON after their label
 * ({@code $RESULT_3$: ["a","b"]}), so a final answer can be read back from them exactly.
 */
public final class ReactObservations {
    private static final Pattern HTTP_PREFIX = Pattern.compile("HTTP \\d{3}:");

    private ReactObservations() {}

    public static String full(Observation o) {
        if (!o.ok() || o.value() instanceof Table || o.value() instanceof GroupedTable) {
            return o.text();
        }
        try {
            return "$" + o.label() + "$: " + Json.MAPPER.writeValueAsString(o.value());
        } catch (JsonProcessingException e) {
            return o.text();
        }
    }

    /**
     * The observation of an HTTP call (REST tools): {@code HTTP <status>: <body>}, the body as the server sent it
     * ({@code HTTP 200: {"columns":[...],"rows":[...],...}}, {@code HTTP 400: {"error":"unknown parameter ..."}}).
     */
    public static String http(int status, String body) {
        return "HTTP " + status + ": " + (body == null ? "" : body.strip());
    }

    /** The value part of a stored observation: everything after its {@code $LABEL$:} or {@code HTTP <status>:} prefix. */
    public static String valueText(String observation) {
        if (observation == null) {
            return "";
        }
        String s = observation.strip();
        Matcher http = HTTP_PREFIX.matcher(s);
        if (http.lookingAt()) {
            return s.substring(http.end()).strip();
        }
        if (s.startsWith("$")) {
            int end = s.indexOf("$:", 1);
            if (end > 0) {
                return s.substring(end + 2).strip();
            }
        }
        return s;
    }
}
