package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Llama 3.1's custom-tool format: {@code <function=NAME>{"arg": ...}</function>}, one block per call, in order. */
public final class FunctionTagStage implements ParseStage {
    private static final Pattern BLOCK = Pattern.compile("<function=([^>\\s<]+)>\\s*(.*?)\\s*(?:</function>|\\z)", Pattern.DOTALL);

    @Override
    public String name() {
        return "function_tag";
    }

    @Override
    public Optional<Object> extract(String text) {
        Matcher m = BLOCK.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.group(1));
            call.put("arguments", m.group(2).isBlank() ? Map.of() : JsonText.readStructure(m.group(2)).orElse(m.group(2)));
            calls.add(call);
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls);
    }
}
