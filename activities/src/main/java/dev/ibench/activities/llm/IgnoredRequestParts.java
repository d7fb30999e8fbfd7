package dev.ibench.activities.llm;

import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.NativeToolName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Signs in one answer that a server silently ignored part of the request: output constrained to JSON that came back
 * as something else, and native tools that produced neither a tool call nor a mention of any tool (the model's chat
 * template may drop them). {@code ibench model check} prints them; campaign cells record them for {@code campaign status}.
 */
public final class IgnoredRequestParts {
    /** The constraint was ignored: the answer is not JSON (and not JSON cut short by max_tokens). */
    public static final String CONSTRAINT_IGNORED = "warning_constraint_ignored";
    /** Native tools were sent, but the answer has no tool call and names no tool. */
    public static final String TOOLS_DROPPED = "warning_tools_dropped";
    public static final List<String> KINDS = List.of(CONSTRAINT_IGNORED, TOOLS_DROPPED);

    /** One sign: its kind (one of {@link #KINDS}) and what to tell the user. */
    public record Finding(String kind, String message) {}

    private IgnoredRequestParts() {}

    /**
     * @param constrained whether the request asked for JSON output (a {@code json_schema}); see
     *                    {@link ModelRequests#request}
     */
    public static List<Finding> of(ModelProfile profile, boolean constrained, RenderedPrompt prompt, ModelResponse response) {
        List<Finding> findings = new ArrayList<>();
        String text = response.text().strip();
        if (constrained && response.toolCalls().isEmpty() && !isJson(text) && !cutJson(text, response.finishReason())) {
            findings.add(new Finding(CONSTRAINT_IGNORED, "profile " + profile.name() + " asks for constrained output ("
                    + profile.constrainedOutput() + ") but the answer is not JSON: the server ignored the constraint; scores of "
                    + "this profile would be those of free text"));
        }
        if (!prompt.tools().isEmpty() && response.toolCalls().isEmpty()) {
            boolean mentionsATool = prompt.tools().stream()
                    .map(t -> t.get("function") instanceof Map<?, ?> f ? String.valueOf(f.get("name")) : String.valueOf(t.get("name")))
                    // a tool may be named as the user knows it (math.factorial), not as sent (math_factorial)
                    .anyMatch(name -> text.contains(name) || NativeToolName.of(text).contains(name));
            if (!mentionsATool) {
                findings.add(new Finding(TOOLS_DROPPED, "profile " + profile.name() + " sends " + prompt.tools().size()
                        + " native tools but the answer has no tool call and names no tool: the server or the model's chat "
                        + "template may drop tools (try a prompt-mode profile such as llama-cpp-chat)"));
            }
        }
        return findings;
    }

    /** JSON the server began as asked but max_tokens cut: the constraint was honoured. */
    private static boolean cutJson(String text, String finishReason) {
        return "length".equals(finishReason) && (text.startsWith("{") || text.startsWith("["));
    }

    private static boolean isJson(String text) {
        if (text.isEmpty()) {
            return false;
        }
        try {
            Json.MAPPER.readTree(text);
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
