package dev.ibench.core.bfcl;

import dev.ibench.core.parse.PythonCallStage;
import dev.ibench.core.parse.ReasoningSeparator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * bfcl-eval's {@code default_decode_execute_prompting} for a multi-turn step: the text stripped of backticks, newlines
 * and spaces at both ends, wrapped in {@code [...]} where it lacks them, read as a Python list of calls, each call
 * rendered back as call text {@code name(arg=value, ...)} with Python's {@code repr} of each value for the backends. Like
 * bfcl-eval's {@code resolve_ast_call}, only keyword arguments are kept: a positional argument is dropped
 * ({@code sort('a.pdf')} decodes to {@code sort()}; ibench's reader names positional arguments {@code arg_0, arg_1, ...},
 * so a keyword argument of that name would be dropped too, which no BFCL multi-turn function has). A text that is not a
 * call list decodes to no call: the handler then ends the turn (a failed decode and an empty list end it alike).
 * <p>The model's reasoning is taken out first ({@link ReasoningSeparator}), as bfcl-eval's handlers for thinking models
 * do before decoding: a model that thinks inline would otherwise decode to no call, an empty turn, every time.
 */
public final class BfclMultiTurnDecoder {
    private static final PythonCallStage CALLS = new PythonCallStage();

    private BfclMultiTurnDecoder() {}

    public static List<String> decode(String text) {
        if (text == null) {
            return List.of();
        }
        String result = strip(ReasoningSeparator.split(text).answer(), "`\n ");
        if (!result.startsWith("[")) {
            result = "[" + result;
        }
        if (!result.endsWith("]")) {
            result = result + "]";
        }
        Optional<Object> parsed = CALLS.extract(result);
        if (parsed.isEmpty() || !(parsed.get() instanceof List<?> calls)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Object call : calls) {
            if (call instanceof Map<?, ?> m && m.get("name") instanceof String name && m.get("arguments") instanceof Map<?, ?> args) {
                StringBuilder text2 = new StringBuilder(name).append('(');
                boolean first = true;
                for (Map.Entry<?, ?> a : args.entrySet()) {
                    if (String.valueOf(a.getKey()).matches("arg_\\d+")) {
                        continue; // positional: bfcl-eval drops it
                    }
                    if (!first) {
                        text2.append(", ");
                    }
                    first = false;
                    text2.append(a.getKey()).append('=').append(PythonRepr.of(a.getValue()));
                }
                out.add(text2.append(')').toString());
            }
        }
        return out;
    }

    /** Python's {@code str.strip(chars)}. */
    static String strip(String s, String chars) {
        int start = 0;
        int end = s.length();
        while (start < end && chars.indexOf(s.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && chars.indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(start, end);
    }
}
