package dev.ibench.core.parse;

/**
 * A raw output with its reasoning taken out: {@code answer} is what the parser stages read (never the reasoning),
 * {@code reasoning} the thinking text (empty when there is none), {@code cutInReasoning} whether the output ended inside
 * its reasoning (an unclosed {@code <think>} or harmony {@code analysis} message: typically {@code max_tokens} reached
 * while thinking).
 */
public record ReasoningSplit(String answer, String reasoning, boolean cutInReasoning) {
    public ReasoningSplit {
        answer = answer == null ? "" : answer;
        reasoning = reasoning == null ? "" : reasoning;
    }

    public boolean hasReasoning() {
        return !reasoning.isBlank();
    }

    /** True when there is reasoning and nothing else to parse. */
    public boolean reasoningOnly() {
        return hasReasoning() && answer.isBlank();
    }
}
