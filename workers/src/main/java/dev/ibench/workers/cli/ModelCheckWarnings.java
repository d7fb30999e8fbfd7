package dev.ibench.workers.cli;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ServerContextSize;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code ibench model check} warns about when a server silently ignores part of a request: output constrained to
 * JSON that comes back as something else, and native tools that produce neither tool calls nor a mention of any tool
 * (the model's chat template may drop them); a prompt that does not fit the context the server says it has.
 */
final class ModelCheckWarnings {
    static final int CHARS_PER_TOKEN = 4;

    private ModelCheckWarnings() {}

    static List<String> of(ModelProfile profile, ModelRequest request, RenderedPrompt prompt, CallResult result) {
        List<String> warnings = new ArrayList<>();
        String text = result.response().text() == null ? "" : result.response().text().strip();
        if (request.decoding().jsonSchema() != null && result.response().toolCalls().isEmpty() && !isJson(text)) {
            warnings.add("profile " + profile.name() + " asks for constrained output (" + profile.constrainedOutput()
                    + ") but the answer is not JSON: the server ignored the constraint; scores of this profile would be "
                    + "those of free text");
        }
        if (!prompt.tools().isEmpty() && result.response().toolCalls().isEmpty()) {
            boolean mentionsATool = prompt.tools().stream()
                    .map(t -> String.valueOf(((java.util.Map<?, ?>) t.get("function")).get("name")))
                    .anyMatch(text::contains);
            if (!mentionsATool) {
                warnings.add("profile " + profile.name() + " sends " + prompt.tools().size() + " native tools but the answer has no "
                        + "tool call and names no tool: the server or the model's chat template may drop tools (try a "
                        + "prompt-mode profile such as llama-cpp-chat)");
            }
        }
        return warnings;
    }

    /**
     * Whether the prompt fits the server's context ({@link ServerContextSize}): before the call by an estimate of
     * {@value #CHARS_PER_TOKEN} characters per token, after it by the prompt tokens the server counted. Either way the
     * answer's {@code max_tokens} must fit too.
     */
    static List<String> context(ModelProfile profile, RenderedPrompt prompt, int maxTokens, Integer promptTokens,
            Optional<ServerContextSize.Found> server) {
        if (server.isEmpty()) {
            return List.of();
        }
        int nCtx = server.get().tokens();
        boolean counted = promptTokens != null && promptTokens > 0;
        int tokens = counted ? promptTokens : (prompt.display().length() + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
        if (tokens + maxTokens <= nCtx) {
            return List.of();
        }
        return List.of("the prompt (" + (counted ? tokens + " tokens as the server counted" : "about " + tokens + " tokens, estimated")
                + ") plus max_tokens " + maxTokens + " does not fit the server's context of " + nCtx + " tokens (from "
                + server.get().source() + "): profile " + profile.name() + " would be rejected with context_length; start the "
                + "server with a larger context or use a profile with a shorter prompt");
    }

    private static boolean isJson(String text) {
        try {
            Json.MAPPER.readTree(text);
            return !text.isEmpty();
        } catch (Exception e) {
            return false;
        }
    }
}
