package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reference's {@code manual_ast_parsing}, for a whole output {@code [f(a="x"), g(b="y")]}: the text inside the
 * brackets is cut at every {@code "),"}; each piece's name is what precedes its first {@code (}, kept verbatim (so
 * after {@code ", "} the next name starts with a space, a name no tool has); its arguments are cut at commas outside
 * double quotes (skipping the character after each comma), each {@code name=value} with the value read as a string
 * (outer quotes removed, inner double quotes turned single). A piece without {@code (}, an argument without {@code =},
 * or a call without arguments ({@code f()}) makes the whole output fail, as there.
 */
final class ReferenceCallSplitReader {
    private ReferenceCallSplitReader() {}

    static Optional<List<Object>> read(String text) {
        if (!(text.startsWith("[") && text.endsWith("]")) || text.length() < 2) {
            return Optional.empty();
        }
        List<Object> calls = new ArrayList<>();
        for (String piece : IbmReferenceStage.pythonSplit(text.substring(1, text.length() - 1), "),")) {
            String call = piece.strip().endsWith(")") ? piece : piece + ")";
            int open = call.indexOf('(');
            if (open < 0) {
                return Optional.empty();
            }
            String slots = call.substring(open + 1, call.length() - 1);
            Map<String, Object> arguments = new LinkedHashMap<>();
            for (String slot : commaSeparated(slots)) {
                List<String> sides = IbmReferenceStage.pythonSplit(slot, "=");
                if (sides.size() < 2) {
                    return Optional.empty();
                }
                arguments.put(sides.get(0).strip(), slotValue(sides.get(1).strip()));
            }
            Map<String, Object> parsed = new LinkedHashMap<>();
            parsed.put("name", call.substring(0, open));
            parsed.put("arguments", arguments);
            calls.add(parsed);
        }
        return Optional.of(calls);
    }

    /** {@code get_deli_sep_str_list}: cut at commas preceded by an even number of double quotes; each cut skips two characters. */
    private static List<String> commaSeparated(String text) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        int quotes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' && quotes % 2 == 0) {
                parts.add(from <= i ? text.substring(from, i).strip() : "");
                from = i + 2;
            } else if (c == '"') {
                quotes++;
            }
        }
        parts.add(from <= text.length() ? text.substring(from).strip() : "");
        return parts;
    }

    /** {@code process_slot_value}. */
    private static String slotValue(String value) {
        String v = value.startsWith("'") ? value.substring(1) : value;
        v = v.endsWith("'") ? v.substring(0, v.length() - 1) : v;
        v = v.startsWith("\"") ? v : "\"" + v;
        v = v.endsWith("\"") ? v : v + "\"";
        return v.length() >= 2 ? v.substring(1, v.length() - 1).replace('"', '\'') : "";
    }
}
