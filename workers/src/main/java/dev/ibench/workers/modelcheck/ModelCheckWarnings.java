package dev.ibench.workers.modelcheck;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.IgnoredRequestParts;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.TokenCounter;
import dev.ibench.activities.llm.client.ServerContextSize;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.List;
import java.util.Optional;

/**
 * What {@code ibench model check} warns about: a server that silently ignores part of a request
 * ({@link IgnoredRequestParts}, also recorded by campaign cells), and a prompt that does not fit the context the server
 * says it has.
 */
public final class ModelCheckWarnings {
    public static final int CHARS_PER_TOKEN = TokenCounter.CHARS_PER_TOKEN;

    private ModelCheckWarnings() {}

    public static List<String> of(ModelProfile profile, ModelRequest request, RenderedPrompt prompt, CallResult result) {
        return IgnoredRequestParts.of(profile, request.decoding().jsonSchema() != null, prompt, result.response()).stream()
                .map(IgnoredRequestParts.Finding::message).toList();
    }

    /**
     * Whether the prompt fits the server's context ({@link ServerContextSize}): before the call by an estimate of
     * {@value #CHARS_PER_TOKEN} characters per token, after it by the prompt tokens the server counted. Either way the
     * answer's {@code max_tokens} must fit too.
     */
    public static List<String> context(ModelProfile profile, RenderedPrompt prompt, int maxTokens, Integer promptTokens,
            Optional<ServerContextSize.Found> server) {
        if (server.isEmpty()) {
            return List.of();
        }
        int nCtx = server.get().tokens();
        boolean counted = promptTokens != null && promptTokens > 0;
        int tokens = counted ? promptTokens : TokenCounter.estimated(prompt);
        if (tokens + maxTokens <= nCtx) {
            return List.of();
        }
        return List.of("the prompt (" + (counted ? tokens + " tokens as the server counted" : "about " + tokens + " tokens, estimated")
                + ") plus max_tokens " + maxTokens + " does not fit the server's context of " + nCtx + " tokens (from "
                + server.get().source() + "): profile " + profile.name() + " would be rejected with context_length; start the "
                + "server with a larger context or use a profile with a shorter prompt");
    }
}
