package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Qwen/Hammer {@code <tool_call>{...}</tool_call>} blocks (seed 000, appendix H regex). Each block holds one JSON
 * object or list (Python call or literal syntax also accepted); blocks are concatenated in order. A final block left unclosed at the end of the output is accepted.
 */
public final class XmlToolCallStage implements ParseStage {
    private static final List<ParseStage> FALLBACKS = List.of(new JsonStage(), new PythonCallStage(), new PythonLiteralStage());
    private static final Pattern BLOCK = Pattern.compile("<tool_call>\\s*(.*?)\\s*(?:</tool_call>|\\z)", Pattern.DOTALL);

    @Override
    public String name() {
        return "xml_tool_call";
    }

    @Override
    public Optional<Object> extract(String text) {
        Matcher m = BLOCK.matcher(text);
        List<Object> calls = new ArrayList<>();
        boolean any = false;
        while (m.find()) {
            any = true;
            Optional<Object> value = JsonText.read(m.group(1));
            for (ParseStage fallback : FALLBACKS) {
                if (value.isEmpty()) {
                    value = fallback.extract(m.group(1));
                }
            }
            if (value.isEmpty()) {
                return Optional.empty();
            }
            if (value.get() instanceof List<?> list) {
                calls.addAll(list);
            } else {
                calls.add(value.get());
            }
        }
        return any ? Optional.of(calls) : Optional.empty();
    }
}
