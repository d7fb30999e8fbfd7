package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.PythonCallStage;
import dev.ibench.core.parse.ReasoningSeparator;
import dev.ibench.core.sample.NativeTurnText;
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
 * <p>A step of a function-calling model is stored as a native turn ({@link NativeTurnText}) and decoded as bfcl-eval's FC
 * handlers decode it ({@link #decodeFunctionCalls}).
 */
public final class BfclMultiTurnDecoder {
    private static final PythonCallStage CALLS = new PythonCallStage();

    private BfclMultiTurnDecoder() {}

    /**
     * bfcl-eval's {@code convert_to_function_call} for a turn of a function-calling ({@code mode: tools}) model: each
     * tool call as {@code name(k=repr(v),k2=repr(v2))} (no space after the comma, as bfcl-eval writes it). A call whose
     * arguments are not a JSON object makes bfcl-eval's decoding fail, which ends the turn: no call at all. A turn
     * without tool calls decodes to none (bfcl-eval cannot decode its text either) and ends the turn.
     */
    static List<String> decodeFunctionCalls(NativeTurnText turn) {
        List<String> out = new ArrayList<>();
        for (NativeTurnText.Call call : turn.calls()) {
            Object arguments;
            try {
                arguments = Json.MAPPER.readValue(call.arguments(), Object.class);
            } catch (JsonProcessingException e) {
                return List.of();
            }
            if (!(arguments instanceof Map<?, ?> args)) {
                return List.of();
            }
            StringBuilder text = new StringBuilder(call.name()).append('(');
            boolean first = true;
            for (Map.Entry<?, ?> a : args.entrySet()) {
                text.append(first ? "" : ",").append(a.getKey()).append('=').append(PythonRepr.of(a.getValue()));
                first = false;
            }
            out.add(text.append(')').toString());
        }
        return out;
    }

    public static List<String> decode(String text) {
        if (text == null) {
            return List.of();
        }
        Optional<NativeTurnText> nativeTurn = NativeTurnText.read(text);
        if (nativeTurn.isPresent()) {
            return decodeFunctionCalls(nativeTurn.get());
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
