package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DeepSeek V3's native tool calls: {@code <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME} followed by the arguments as
 * a JSON object (usually in a {@code ```json} fence), up to {@code <｜tool▁call▁end｜>}; one block per call, in order.
 * DeepSeek V3.1 writes the name before the separator ({@code <｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{...}}); both are read.
 */
public final class DeepSeekToolCallStage implements ParseStage {
    private static final Pattern BLOCK = Pattern.compile(
            "<｜tool▁call▁begin｜>\\s*(?:(?:function)?\\s*<｜tool▁sep｜>\\s*([^\\s`]+)|([^\\s`<]+?)\\s*<｜tool▁sep｜>)\\s*(.*?)\\s*(?:<｜tool▁call▁end｜>|\\z)",
            Pattern.DOTALL);
    private static final Pattern FENCE = Pattern.compile("^```(?:json)?\\s*(.*?)\\s*```$", Pattern.DOTALL);

    @Override
    public String name() {
        return "deepseek_tool_calls";
    }

    @Override
    public Optional<Object> extract(String text) {
        Matcher m = BLOCK.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            String body = m.group(3).strip();
            Matcher fence = FENCE.matcher(body);
            if (fence.matches()) {
                body = fence.group(1);
            }
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.group(1) != null ? m.group(1) : m.group(2));
            call.put("arguments", body.isBlank() ? Map.of() : JsonText.readStructure(body).orElse(body));
            calls.add(call);
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls);
    }
}
