package dev.ibench.workers.campaign.estimate;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.TokenCounter;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * Counts the prompt tokens of a campaign's requests before anything is sent, as well as ibench can without a server: a
 * {@code gguf} profile with the model's own tokenizer (the prompt as the model reads it, chat template applied: what the
 * run records), a profile naming a {@code tokenizer.json} with that tokenizer (chat template tokens left out, so a few
 * tokens per message low), any other profile estimated at {@value #CHARS_PER_TOKEN} characters a token. The test tools
 * ({@code oracle}, {@code replay}) send nothing.
 */
final class PromptTokenMeter implements AutoCloseable {
    static final int CHARS_PER_TOKEN = TokenCounter.CHARS_PER_TOKEN;

    private final Function<ModelRequest, Integer> counter;
    private final String how;
    private final boolean exact;
    private final AutoCloseable resource;

    private PromptTokenMeter(Function<ModelRequest, Integer> counter, String how, boolean exact, AutoCloseable resource) {
        this.counter = counter;
        this.how = how;
        this.exact = exact;
        this.resource = resource;
    }

    static PromptTokenMeter of(ModelProfile profile, Function<String, String> environment) {
        if ("oracle".equals(profile.provider()) || "replay".equals(profile.provider())) {
            return new PromptTokenMeter(r -> 0, "none sent (" + profile.provider() + " is a test tool)", true, null);
        }
        String noTokenizer = "ibench has no tokenizer for this model";
        if ("gguf".equals(profile.provider())) {
            try {
                ModelClient client = ModelClients.create(profile, environment, List.of());
                return new PromptTokenMeter(r -> client.measure(r).orElseThrow().promptTokens(), "counted with the model's GGUF tokenizer",
                        true, client);
            } catch (ModelCallException missingFile) {
                noTokenizer = "the model file cannot be read: " + missingFile.getMessage();
            }
        }
        if (profile.tokenizer() != null) {
            try {
                TokenCounter tokens = TokenCounter.of(Path.of(profile.tokenizer()), profile.name());
                return new PromptTokenMeter(r -> tokens.prompt(r.prompt()), "counted with the profile's tokenizer " + profile.tokenizer()
                        + " (chat template tokens not counted)", false, null);
            } catch (ModelCallException unreadable) {
                noTokenizer = "the profile's tokenizer cannot be read: " + unreadable.getMessage();
            }
        }
        return new PromptTokenMeter(r -> (characters(r.prompt()) + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN,
                "estimated at " + CHARS_PER_TOKEN + " characters a token (" + noTokenizer + ")", false, null);
    }

    int count(ModelRequest request) {
        return counter.apply(request);
    }

    /** How the tokens were counted, as the plan says it. */
    String how() {
        return how;
    }

    /** True when the count is the model's own (what the run records), not an estimate. */
    boolean exact() {
        return exact;
    }

    private static int characters(RenderedPrompt prompt) {
        if (prompt.isRaw()) {
            return prompt.text().length();
        }
        int n = 0;
        for (ChatMessage m : prompt.messages()) {
            n += m.content() == null ? 0 : m.content().length();
        }
        if (!prompt.tools().isEmpty()) {
            try {
                n += Json.MAPPER.writeValueAsString(prompt.tools()).length();
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write the native tools as JSON to estimate their tokens", e);
            }
        }
        return n;
    }

    @Override
    public void close() throws Exception {
        if (resource != null) {
            resource.close();
        }
    }
}
