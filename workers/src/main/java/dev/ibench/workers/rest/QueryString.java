package dev.ibench.workers.rest;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses a raw (still percent-encoded) query string into name -> values; bad encoding is an IllegalArgumentException. */
final class QueryString {
    static final int MAX_PARAMETERS = 64;

    private QueryString() {}

    static Map<String, List<String>> parse(String raw) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) return out;
        String[] pairs = raw.split("&");
        if (pairs.length > MAX_PARAMETERS) throw new IllegalArgumentException("more than " + MAX_PARAMETERS + " query parameters");
        for (String pair : pairs) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            out.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return out;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed percent-encoding in query string");
        }
    }
}
