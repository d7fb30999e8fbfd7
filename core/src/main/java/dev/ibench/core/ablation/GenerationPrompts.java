package dev.ibench.core.ablation;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.TemplateLibrary;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/** The prompts that ask a model for an ablation's material (bundled under {@code prompts/ablation/}). */
public final class GenerationPrompts {
    static final String PARAPHRASE = "prompts/ablation/paraphrase.txt";
    static final String EXPANSION = "prompts/ablation/toolkit-expansion.txt";

    private GenerationPrompts() {}

    /** Seed 004 appendix 7.1: rewrite the question, meaning kept. */
    public static RenderedPrompt paraphrase(String question) {
        return RenderedPrompt.chat(TemplateLibrary.load(PARAPHRASE).renderMessages(Map.of("QUERY", question)), List.of());
    }

    /** Seed 004 section 2.2 and appendix 7.2: {@code count} related requests, each with a tool, for one gold tool. */
    public static RenderedPrompt expansion(String question, Map<String, Object> goldTool, int count) {
        String tool;
        try {
            tool = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(goldTool);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return RenderedPrompt.chat(TemplateLibrary.load(EXPANSION).renderMessages(
                Map.of("QUERY", question, "TOOL", tool, "COUNT", String.valueOf(count))), List.of());
    }
}
