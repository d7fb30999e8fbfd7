package dev.ibench.core.parse;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference's REST parser for Qwen models ({@code parse_deepseek_output_rest} with {@code model_name="qwen"}): only
 * the first {@code <tool_call>} block of the stripped output (one trailing {@code '} dropped, no brackets added) is
 * one predicted call, its text read as JSON after {@code <|endoftext|>} is removed and {@code null} replaced by
 * {@code {}}; a block that is not a JSON object with a name is a call of no name. No block is a parsing error.
 */
public final class ReferenceRestQwenStage implements ParseStage {
    private static final Pattern BLOCK = Pattern.compile("<tool_call>\\s*(.*?)\\s*</tool_call>", Pattern.DOTALL | Pattern.UNICODE_CHARACTER_CLASS);

    @Override
    public String name() {
        return "ibm_reference_rest_qwen";
    }

    @Override
    public Optional<Object> extract(String text) {
        Matcher m = BLOCK.matcher(ReferenceRestText.prepared(text, false));
        if (!m.find()) {
            return Optional.empty();
        }
        String content = m.group(1).replace("<|endoftext|>", "").replace("null", "{}").strip();
        Object item = ReferenceJsonReader.loads(content).orElse(ReferenceCallDecisions.NO_NAME);
        return ReferenceCallDecisions.decide(List.of(item), false);
    }
}
