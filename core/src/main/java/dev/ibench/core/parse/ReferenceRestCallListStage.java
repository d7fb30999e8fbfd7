package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference's REST parser for Llama (and "watt") models, {@code parse_llama_3_70b_instruct_rest} with
 * {@code parse_functions}: the output, stripped of {@code [} and {@code ]} at both ends, is cut at every {@code "),"};
 * a piece that is not {@code name(args)} with a word-character name is skipped (so a JSON answer gives no calls);
 * arguments are cut at every comma, {@code key=value} pairs kept, a value of digits is an integer, any other value is
 * read as JSON if it is JSON, else kept as a string without single quotes.
 */
public final class ReferenceRestCallListStage implements ParseStage {
    private static final Pattern CALL = Pattern.compile("^(\\w\\w*)\\(([^\\n]*)\\)$", Pattern.UNICODE_CHARACTER_CLASS);

    @Override
    public String name() {
        return "ibm_reference_rest_llama";
    }

    @Override
    public Optional<Object> extract(String text) {
        String stripped = IbmReferenceStage.pythonStrip(text.strip(), "[]");
        List<Object> calls = new ArrayList<>();
        for (String piece : IbmReferenceStage.pythonSplit(stripped, "),")) {
            String chunk = piece.strip();
            chunk = chunk.endsWith(")") ? chunk : chunk + ")";
            Matcher m = CALL.matcher(chunk);
            if (!m.matches()) {
                continue;
            }
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.group(1));
            call.put("arguments", arguments(m.group(2).strip()));
            calls.add(call);
        }
        return ReferenceCallDecisions.decide(calls, false);
    }

    private static Map<String, Object> arguments(String args) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        if (args.isEmpty()) {
            return arguments;
        }
        for (String raw : IbmReferenceStage.pythonSplit(args, ",")) {
            String pair = raw.strip();
            int eq = pair.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String value = pair.substring(eq + 1).strip();
            arguments.put(pair.substring(0, eq).strip(), value(value));
        }
        return arguments;
    }

    private static Object value(String value) {
        if (!value.isEmpty() && value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            java.math.BigInteger n = new java.math.BigInteger(value);
            return n.bitLength() < 32 ? (Object) n.intValue() : n.bitLength() < 64 ? (Object) n.longValue() : n;
        }
        if ("null".equals(value)) {
            return null;
        }
        Optional<Object> json = ReferenceJsonReader.loads(value);
        return json.isPresent() ? json.get() : value.replace("'", "");
    }
}
