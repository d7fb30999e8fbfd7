package dev.ibench.activities.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.langchain4j.model.embedding.onnx.HuggingFaceTokenCountEstimator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Counts the tokens of a call whose answer came without a {@code usage} block, with the served model's HuggingFace
 * tokenizer (a profile's {@code tokenizer: tokenizer.json}; no special tokens added). The prompt: a raw prompt's text
 * (with the family's special tokens written out); chat messages' contents and the native tool specs' JSON (and an assistant message's
 * native tool calls' JSON), without
 * the chat template's own tokens, so a chat prompt is undercounted by a few tokens per message. The completion: the
 * answer's text and its native tool calls' JSON. Each file is loaded once per process.
 */
public final class TokenCounter {
    /** Characters a token where no tokenizer is named: the estimate every token figure without one uses. */
    public static final int CHARS_PER_TOKEN = 4;
    private static final ConcurrentMap<Path, HuggingFaceTokenCountEstimator> LOADED = new ConcurrentHashMap<>();

    private final HuggingFaceTokenCountEstimator tokenizer;

    private TokenCounter(HuggingFaceTokenCountEstimator tokenizer) {
        this.tokenizer = tokenizer;
    }

    /** The counter of {@code file}; a file that is missing or not a tokenizer is a {@code CONFIGURATION} failure naming it. */
    public static TokenCounter of(Path file, String endpoint) {
        Path key = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(key)) {
            throw ModelCallException.of(ErrorKind.CONFIGURATION, endpoint, "tokenizer " + key + " not found (a HuggingFace tokenizer.json)");
        }
        try {
            return new TokenCounter(LOADED.computeIfAbsent(key, HuggingFaceTokenCountEstimator::new));
        } catch (RuntimeException e) {
            throw ModelCallException.of(ErrorKind.CONFIGURATION, endpoint, "tokenizer " + key + " is not a HuggingFace tokenizer.json: " + e.getMessage());
        }
    }

    /** A prompt's tokens estimated at {@value #CHARS_PER_TOKEN} characters a token (rounded up), for profiles without a tokenizer. */
    public static int estimated(RenderedPrompt prompt) {
        return (prompt.display().length() + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }

    public int prompt(RenderedPrompt prompt) {
        if (prompt.isRaw()) {
            return count(prompt.text());
        }
        int n = 0;
        for (ChatMessage m : prompt.messages()) {
            n += count(m.content()) + (m.toolCalls().isEmpty() ? 0 : count(json(m.toolCalls())));
        }
        return n + (prompt.tools().isEmpty() ? 0 : count(json(prompt.tools())));
    }

    public int completion(ModelResponse response) {
        return count(response.text()) + (response.toolCalls().isEmpty() ? 0 : count(json(response.toolCalls())));
    }

    private int count(String text) {
        return text == null || text.isEmpty() ? 0 : tokenizer.estimateTokenCountInText(text);
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON to count its tokens", e);
        }
    }
}
