package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Markdown fenced code blocks ({@code ```json ... ```}, also {@code ~~~}), as DeepSeek writes them (seed 000,
 * appendix H regex). Each block is read with the JSON, JSON Lines and Python stages; the calls of all blocks are
 * concatenated in order.
 */
public final class FencedCodeBlockStage implements ParseStage {
    private static final Pattern BLOCK = Pattern.compile("(```|~~~)[a-zA-Z0-9_-]*[ \\t]*\\R?(.*?)\\1", Pattern.DOTALL);
    private final List<ParseStage> inner = List.of(new JsonStage(), new JsonLinesStage(), new PythonCallStage(), new PythonLiteralStage());

    @Override
    public String name() {
        return "fenced_code_block";
    }

    @Override
    public Optional<Object> extract(String text) {
        Matcher m = BLOCK.matcher(text);
        List<Object> values = new ArrayList<>();
        while (m.find()) {
            Optional<Object> value = readBlock(m.group(2));
            if (value.isEmpty()) {
                continue;
            }
            if (value.get() instanceof List<?> list) {
                values.addAll(list);
            } else {
                values.add(value.get());
            }
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(values);
    }

    private Optional<Object> readBlock(String body) {
        for (ParseStage stage : inner) {
            Optional<Object> value = stage.extract(body);
            if (value.isPresent()) {
                return value;
            }
        }
        return Optional.empty();
    }
}
