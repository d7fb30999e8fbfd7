package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kimi-K2's calls (Kimi-K2 Instruct and Thinking templates): inside {@code <|tool_calls_section_begin|>}, one
 * {@code <|tool_call_begin|>functions.NAME:INDEX<|tool_call_argument_begin|>{JSON}<|tool_call_end|>} per call. The id
 * ({@code functions.NAME:INDEX}) gives the name; the {@code functions.} prefix and the index are not part of it.
 */
public final class KimiToolCallStage implements ParseStage {
    private static final Pattern CALL = Pattern.compile("<\\|tool_call_begin\\|>\\s*(?:functions\\.)?([^<:\\s]+)(?::\\d+)?\\s*<\\|tool_call_argument_begin\\|>");

    @Override
    public String name() {
        return "kimi_tool_calls";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains("<|tool_call_begin|>")) {
            return Optional.empty();
        }
        char[] chars = text.toCharArray();
        Matcher m = CALL.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            Optional<JsonText.Leading> args = JsonText.readLeadingStructure(chars, m.end());
            java.util.Map<String, Object> call = new java.util.LinkedHashMap<>();
            call.put("name", m.group(1));
            call.put("arguments", args.map(JsonText.Leading::value).orElse("")); // unreadable: the call is wrong format
            calls.add(call);
        }
        return XmlArgumentValues.calls(calls);
    }
}
