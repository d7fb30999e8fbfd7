package dev.ibench.activities.llm.client;

/**
 * How a request's prompt sits in a model's context, measured with the model's own tokenizer before anything is sent:
 * the prompt's tokens, the answer's room ({@code max_tokens}) and the context both must share.
 */
public record PromptFit(int promptTokens, int maxTokens, int contextLength) {

    /** True when the prompt and the room for the answer fit the context (what the provider checks before generating). */
    public boolean fits() {
        return promptTokens + maxTokens <= contextLength;
    }

    /** Why it does not fit, e.g. {@code prompt 12983 tokens > context 8192}, or with the answer's room when that tips it over. */
    public String reason() {
        return promptTokens > contextLength
                ? "prompt " + promptTokens + " tokens > context " + contextLength
                : "prompt " + promptTokens + " tokens + max_tokens " + maxTokens + " > context " + contextLength;
    }
}
