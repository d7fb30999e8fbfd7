package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * Takes a model's reasoning out of its raw output before any parser stage reads it (docs/output-parsing.md,
 * Reasoning): {@code <think>...</think>} blocks (Qwen3, QwQ, DeepSeek-R1, Granite 3.3, GLM, MiniMax-M2, Kimi-K2) and the
 * other families' delimiters ({@link ReasoningMarkers}), a leading text closed by {@code </think>} without an opening
 * tag (templates whose prompt already opened the block: DeepSeek-R1 distills, QwQ, GLM-4.7-Flash, MiniMax-M2), an
 * unclosed {@code <think>} running to the end (cut off while thinking), and gpt-oss harmony {@code analysis} messages.
 * When the caller knows that the prompt ended inside thinking ({@link #split(String, boolean)}), an output that never
 * closes it is reasoning up to its first tool-call block, or to its end (cut off while thinking).
 * In harmony output the answer keeps each {@code to=functions.NAME} call message (rewritten to one canonical header for
 * {@link HarmonyStage}), the bodies of {@code final} and {@code commentary} messages as text, and drops calls to the
 * format's built-in tools (python, browser, container), which are neither content nor function calls.
 */
public final class ReasoningSeparator {
    private static final String OPEN = "<think>";
    private static final String CLOSE = "</think>";

    private ReasoningSeparator() {}

    public static ReasoningSplit split(String text) {
        return split(text, false);
    }

    /** {@code promptOpensThinking}: the prompt ended inside a thinking block (the profile's {@code prompt_ends_in_thinking}). */
    public static ReasoningSplit split(String text, boolean promptOpensThinking) {
        if (text == null || text.isEmpty()) {
            return new ReasoningSplit("", "", false);
        }
        if (HarmonyMessages.isHarmony(text)) {
            return harmony(text);
        }
        String canonical = ReasoningMarkers.canonical(text);
        if (promptOpensThinking && !canonical.contains(CLOSE)) {
            return openToTheEnd(canonical);
        }
        return thinkTags(canonical);
    }

    /** The output of a prompt that opened thinking, closing none: reasoning until the first call block, if any. */
    private static ReasoningSplit openToTheEnd(String text) {
        int call = ReasoningMarkers.firstCallBlock(text);
        if (call < 0) {
            return new ReasoningSplit("", text.strip(), true);
        }
        return new ReasoningSplit(ReasoningMarkers.withoutAnswerWrappers(text.substring(call)).strip(), text.substring(0, call).strip(), false);
    }

    private static ReasoningSplit thinkTags(String text) {
        List<String> reasoning = new ArrayList<>();
        StringBuilder answer = new StringBuilder();
        int pos = 0;
        int firstClose = text.indexOf(CLOSE);
        int firstOpen = text.indexOf(OPEN);
        if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) {
            reasoning.add(text.substring(0, firstClose));
            pos = firstClose + CLOSE.length();
        }
        boolean cut = false;
        while (pos < text.length()) {
            int open = text.indexOf(OPEN, pos);
            if (open < 0) {
                answer.append(text, pos, text.length());
                break;
            }
            answer.append(text, pos, open);
            int close = text.indexOf(CLOSE, open + OPEN.length());
            if (close < 0) {
                reasoning.add(text.substring(open + OPEN.length()));
                cut = true;
                break;
            }
            reasoning.add(text.substring(open + OPEN.length(), close));
            pos = close + CLOSE.length();
        }
        return new ReasoningSplit(ReasoningMarkers.withoutAnswerWrappers(answer.toString()).strip(), join(reasoning), cut);
    }

    private static ReasoningSplit harmony(String text) {
        List<String> reasoning = new ArrayList<>();
        List<String> answer = new ArrayList<>();
        boolean cut = false;
        for (HarmonyMessages.Message m : HarmonyMessages.read(text)) {
            if (m.isFunctionCall()) {
                answer.add(HarmonyStage.canonical(m.functionName(), m.body()));
            } else if (m.isReasoning()) {
                reasoning.add(m.body());
                cut = m.cut();
            } else if (!m.isBuiltinCall()) {
                answer.add(m.body().strip());
            }
        }
        return new ReasoningSplit(String.join("\n", answer).strip(), join(reasoning), cut);
    }

    private static String join(List<String> parts) {
        return String.join("\n\n", parts.stream().map(String::strip).filter(s -> !s.isEmpty()).toList());
    }
}
