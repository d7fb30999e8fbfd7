package dev.ibench.core.parse;

import java.util.List;

/**
 * The reasoning delimiters of the chat templates ibench reads, besides {@code <think>}/{@code </think>}, the answer
 * wrappers some of them put around the text that follows, and the openers of tool-call blocks (where reasoning that a
 * prompt opened ends when the model closes none). Facts from the families' chat templates and llama.cpp's
 * {@code tests/test-chat.cpp} (build b11434).
 */
final class ReasoningMarkers {
    /** {open, close} pairs, each rewritten to {@code <think>}/{@code </think>} before the output is split. */
    private static final List<String[]> PAIRS = List.of(
            new String[] {"[THINK]", "[/THINK]"},                              // Ministral 3 / Magistral
            new String[] {"<seed:think>", "</seed:think>"},                    // ByteDance Seed-OSS
            new String[] {"<|START_THINKING|>", "<|END_THINKING|>"},          // Cohere Command-R7B, Command A, Cohere2 MoE
            new String[] {"<mm:think>", "</mm:think>"},                        // MiniMax-M3
            new String[] {"<|open|>think<|sep|>", "<|close|>think<|sep|>"},    // Kimi-K3
            new String[] {"<|inner_prefix|>", "<|inner_suffix|>"},            // Apertus
            new String[] {"<|channel>thought", "<channel|>"});                 // Gemma 4
    /** Delimiters that only close reasoning the prompt opened, rewritten to {@code </think>}. */
    private static final List<String> CLOSE_ONLY = List.of("[BEGIN FINAL RESPONSE]");   // Apriel 1.6

    /**
     * Tokens that wrap the answer after the reasoning, with no meaning for the calls: removed from the answer, and so
     * are closing delimiters left at its end (Gemma 4 repeats its {@code <channel|>}).
     */
    private static final List<String> ANSWER_WRAPPERS = List.of("<|channel>", "<|START_RESPONSE|>", "<|END_RESPONSE|>", "<|START_TEXT|>", "<|END_TEXT|>",
            "<|open|>response<|sep|>", "<|close|>response<|sep|>", "<|close|>message<|sep|>", "<|CHATBOT_TOKEN|>", "<|END_OF_TURN_TOKEN|>",
            "[END FINAL RESPONSE]");

    /** Where a tool-call block starts, in the formats of the families the default chain reads. */
    private static final List<String> CALL_OPENERS = List.of("<tool_call>", "<seed:tool_call>", "<minimax:tool_call>",
            "<|tool_calls_section_begin|>", "[TOOL_CALLS]", "<｜DSML｜", "<｜tool▁calls▁begin｜>", "<|START_ACTION|>", "<|tools_prefix|>",
            "<|tool_call>", "<function=", "<function name=", "<|open|>tools<|sep|>", "<|tool_call_start|>", "<TOOLCALL>", "<tool_calls>");

    private ReasoningMarkers() {}

    /** The text with every family's reasoning delimiters written as {@code <think>} and {@code </think>}. */
    static String canonical(String text) {
        String out = text;
        for (String[] pair : PAIRS) {
            if (out.contains(pair[0]) || out.contains(pair[1])) {
                out = out.replace(pair[0], "<think>").replace(pair[1], "</think>");
            }
        }
        for (String close : CLOSE_ONLY) {
            out = out.replace(close, "</think>");
        }
        return out;
    }

    static String withoutAnswerWrappers(String answer) {
        String out = answer;
        for (String wrapper : ANSWER_WRAPPERS) {
            out = out.replace(wrapper, "");
        }
        out = out.stripTrailing();
        while (out.endsWith("</think>")) {
            out = out.substring(0, out.length() - "</think>".length()).stripTrailing();
        }
        return out;
    }

    /** The index of the first tool-call block's opener in {@code text}, -1 when there is none. */
    static int firstCallBlock(String text) {
        int first = -1;
        for (String opener : CALL_OPENERS) {
            int at = text.indexOf(opener);
            if (at >= 0 && (first < 0 || at < first)) {
                first = at;
            }
        }
        return first;
    }
}
