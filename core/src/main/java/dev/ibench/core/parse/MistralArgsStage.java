package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mistral Small 3.2 and Devstral native calls: {@code [TOOL_CALLS]NAME[ARGS]{...}}, with an optional
 * {@code [CALL_ID]ID} before {@code [ARGS]}; one call per marker, in order (the chain has already removed the
 * {@code [TOOL_CALLS]} tokens). The arguments are the JSON object that starts after {@code [ARGS]}; reading stops at the
 * first call whose arguments cannot be read.
 */
public final class MistralArgsStage implements ParseStage {
    private static final Pattern CALL = Pattern.compile("([A-Za-z0-9_.\\-]+)(?:\\[CALL_ID\\][^\\[]*)?\\[ARGS\\]");

    @Override
    public String name() {
        return "mistral_args";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains("[ARGS]")) {
            return Optional.empty();
        }
        char[] chars = text.toCharArray();
        Matcher m = CALL.matcher(text);
        List<Object> calls = new ArrayList<>();
        int from = 0;
        while (from < text.length() && m.find(from)) {
            Optional<JsonText.Leading> args = JsonText.readLeadingStructure(chars, m.end());
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.group(1));
            call.put("arguments", args.map(JsonText.Leading::value).orElse("")); // unreadable arguments: the call is wrong format
            calls.add(call);
            if (args.isEmpty()) {
                break; // where unreadable arguments end is unknown; reading on from each later marker would be quadratic
            }
            from = m.end() + args.get().length();
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls);
    }
}
