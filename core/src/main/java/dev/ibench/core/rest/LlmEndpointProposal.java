package dev.ibench.core.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a code-gen model's answer ({@link CodeGenPrompt}) into an endpoint: the first JSON object in the text, a
 * slug that becomes the seed-style name and path, typed parameters bound to {@code ?1..?N} in list order, a SQL
 * template that must be exactly one SELECT using every placeholder, and the arguments of the question. Anything
 * else is a {@link RestGenerationException} with reason {@code llm_unparseable} or {@code llm_invalid_spec}; the
 * workflow then retries or falls back to the deterministic generator. The endpoint records
 * {@code produced_by: llm:<profile>}.
 */
public final class LlmEndpointProposal {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\?(\\d+)");

    private LlmEndpointProposal() {}

    public static GeneratedEndpoint parse(String modelOutput, String source, String db, String profile, boolean ordered) throws RestGenerationException {
        JsonNode o = firstObject(modelOutput);
        String slug = Names.truncate(Names.snake(o.path("slug").asText("")), EndpointNaming.maxSlug(source, db));
        if (slug.isEmpty()) throw invalid("missing slug");
        String sql = o.path("sql").asText("").trim();
        try {
            ReadOnlyStatementGuard.check(sql);
        } catch (SQLException e) {
            throw invalid(e.getMessage());
        }
        List<QueryParameter> params = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int position = 0;
        for (JsonNode p : o.path("parameters")) {
            position++;
            String name = Names.snake(p.path("name").asText(""));
            if (name.isEmpty() || !names.add(name)) throw invalid("parameter " + position + " has an empty or repeated name");
            ParamType type;
            try {
                type = ParamType.parse(p.path("type").asText("string"));
            } catch (IllegalArgumentException e) {
                throw invalid("parameter '" + name + "': " + e.getMessage());
            }
            params.add(new QueryParameter(name, type, Names.title(name), p.path("description").asText(name.replace('_', ' ')), true, position, null));
        }
        Set<Integer> used = new HashSet<>();
        Matcher m = PLACEHOLDER.matcher(sql);
        while (m.find()) used.add(Integer.parseInt(m.group(1)));
        for (int i = 1; i <= params.size(); i++) {
            if (!used.contains(i)) throw invalid("parameter ?" + i + " (" + params.get(i - 1).name() + ") is not used in the SQL");
        }
        for (int u : used) {
            if (u < 1 || u > params.size()) throw invalid("the SQL uses ?" + u + " but there are " + params.size() + " parameters");
        }
        if (sql.replaceAll("\\?\\d+", "").contains("?")) throw invalid("use numbered placeholders ?1, ?2, ... only");
        Map<String, Object> args = new LinkedHashMap<>();
        JsonNode a = o.path("arguments");
        for (QueryParameter p : params) {
            JsonNode v = a.get(p.name());
            if (v == null || v.isNull()) throw invalid("no argument for parameter '" + p.name() + "'");
            args.put(p.name(), v.isNumber() ? v.numberValue() : v.asText());
        }
        String summary = o.path("summary").asText("Get " + slug.replace('_', ' '));
        EndpointSpec spec = new EndpointSpec(EndpointNaming.name(slug, source, db), EndpointSpec.GET, EndpointNaming.path(slug, source, db), summary,
                o.path("description").asText(summary), params, sql, new ResponseShape(List.of(), ordered), "llm:" + profile);
        return new GeneratedEndpoint(spec, args);
    }

    private static JsonNode firstObject(String text) throws RestGenerationException {
        if (text != null) {
            for (int start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
                try {
                    JsonNode n = Json.MAPPER.readTree(text.substring(start, matchingBrace(text, start)));
                    if (n != null && n.isObject()) return n;
                } catch (Exception e) {
                    // not JSON from here; try the next brace
                }
            }
        }
        throw new RestGenerationException("llm_unparseable", "no JSON object in the model's answer");
    }

    private static int matchingBrace(String s, int start) {
        int depth = 0;
        boolean inString = false;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (inString) {
                if (c == '\\') i++;
                else if (c == '"') inString = false;
            } else if (c == '"') inString = true;
            else if (c == '{') depth++;
            else if (c == '}' && --depth == 0) return i + 1;
        }
        return s.length();
    }

    private static RestGenerationException invalid(String why) {
        return new RestGenerationException("llm_invalid_spec", why);
    }
}
