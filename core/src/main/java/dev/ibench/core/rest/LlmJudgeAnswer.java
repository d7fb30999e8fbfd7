package dev.ibench.core.rest;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the LLM judge's answer ({@link LlmJudgePrompt}): the first word {@code yes} or {@code no} (quotes,
 * brackets and a leading "decision:" are tolerated) and the rest as its rationale. An answer that says neither is
 * a {@link RestGenerationException} with reason {@code judge_unparseable}, which the workflow records as a failed
 * attempt: an unreadable judge never accepts an endpoint.
 */
public final class LlmJudgeAnswer {
    private static final Pattern DECISION = Pattern.compile("^[\\s\"'`(\\[{*]*(?:decision\\s*[:=]\\s*)?[\"'`]*(yes|no)\\b[\"'`]*\\s*[,;:.\\-]?\\s*(.*)$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    static final int MAX_RATIONALE_CHARS = 1000;

    private LlmJudgeAnswer() {}

    public static JudgeVerdict parse(String answer, String judgeName) throws RestGenerationException {
        Matcher m = DECISION.matcher(answer == null ? "" : answer.strip());
        if (!m.matches()) {
            String shown = answer == null ? "" : answer.strip();
            throw new RestGenerationException("judge_unparseable",
                    "the judge answered neither yes nor no: " + (shown.length() > 200 ? shown.substring(0, 200) + "..." : shown));
        }
        boolean match = m.group(1).toLowerCase(Locale.ROOT).equals("yes");
        String rationale = m.group(2).strip().replaceAll("^(?i)rationale\\s*[:=]\\s*", "");
        if (rationale.length() > MAX_RATIONALE_CHARS) rationale = rationale.substring(0, MAX_RATIONALE_CHARS) + "...";
        return new JudgeVerdict(match, judgeName, rationale.isEmpty() ? "(no rationale given)" : rationale);
    }
}
