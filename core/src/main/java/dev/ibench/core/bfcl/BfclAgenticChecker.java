package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * bfcl-eval's verdict on an agentic entry (memory, web search): {@code eval_runner._evaluate_single_agentic_entry}
 * takes the last step of the conversation whose text decodes to no call (a failed decode or an empty call list), and
 * {@code agentic_checker} credits it when one of the possible answers occurs in it as a whole word sequence after both
 * are standardized (lower case, {@code ,./-_*^()} removed, {@code '} read as {@code "}; Python's {@code re.search} of
 * {@code \b<answer>\b}). No such step, or an empty one as the last, is {@code agentic:no_last_message}; a text without
 * the answer {@code agentic:answer_not_found}.
 */
public final class BfclAgenticChecker {
    public static final String ANSWER_NOT_FOUND = "agentic:answer_not_found";
    public static final String NO_LAST_MESSAGE = "agentic:no_last_message";

    /**
     * The answer format bfcl-eval asks of an agentic question ({@code ADDITIONAL_SYSTEM_PROMPT_FOR_AGENTIC_RESPONSE_FORMAT},
     * a system message {@code process_agentic_test_case} puts in front of the question's first turn).
     */
    public static final String ANSWER_FORMAT = "For your final answer to the user, you must respond in this format: {'answer': A short and "
            + "precise answer to the question, 'context': A brief explanation of how you arrived at this answer or why it is correct}. If you "
            + "do not know the answer, respond with {'answer': 'I do not know', 'context': 'I do not know'}. If you think the question cannot "
            + "be properly answered, response with {'answer': 'I cannot answer this question', 'context': A short reason explaining why this "
            + "question cannot be answered}.\n";

    private static final Pattern PUNCTUATION = Pattern.compile("[,./\\-_*^()]");

    /** The verdict, and the text judged (null when there was none). */
    public record Verdict(boolean valid, String errorType, String judgedText) {}

    private BfclAgenticChecker() {}

    /** Judges the model's steps (raw texts, in order) of an entry's one turn against its possible answers. */
    public static Verdict check(List<String> stepTexts, List<String> possibleAnswers) {
        String last = null;
        for (String text : stepTexts) {
            if (BfclMultiTurnDecoder.decode(text).isEmpty()) {
                last = text;
            }
        }
        if (last == null || last.isEmpty()) { // Python's `if not last_unsuccessful_decoding_message`
            return new Verdict(false, NO_LAST_MESSAGE, last);
        }
        return answerFound(last, possibleAnswers) ? new Verdict(true, null, last) : new Verdict(false, ANSWER_NOT_FOUND, last);
    }

    /** {@code agentic_checker}'s rule on one response text. */
    public static boolean answerFound(String response, List<String> possibleAnswers) {
        String standardized = standardize(response);
        for (String answer : possibleAnswers) {
            Pattern p = Pattern.compile("\\b" + Pattern.quote(standardize(answer)) + "\\b", Pattern.UNICODE_CHARACTER_CLASS);
            if (p.matcher(standardized).find()) {
                return true;
            }
        }
        return false;
    }

    /** {@code agentic_checker.standardize_string}. */
    public static String standardize(String text) {
        return PUNCTUATION.matcher(text).replaceAll("").toLowerCase(Locale.ROOT).replace('\'', '"');
    }
}
