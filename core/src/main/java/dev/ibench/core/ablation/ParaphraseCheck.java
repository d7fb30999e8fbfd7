package dev.ibench.core.ablation;

import java.util.Locale;

/**
 * The meaning check of a paraphrase: the rewrite is accepted when the cosine similarity of its embedding and the
 * original's is at least the threshold. No usable rewrite (empty, or the question itself) is not accepted either; in
 * every such case the original question is kept and the reason recorded.
 */
public record ParaphraseCheck(TextSimilarity similarity, double minSimilarity) {

    public String describe() {
        return String.format(Locale.ROOT, "embedding cosine (%s) >= %.2f", similarity.name(), minSimilarity);
    }

    public ParaphraseOutcome check(String original, String answer, String generator) {
        String rewrite = clean(answer);
        if (rewrite.isEmpty()) {
            return new ParaphraseOutcome(original, null, null, describe(), false, "empty answer: original question kept", generator);
        }
        if (rewrite.equals(original.strip())) {
            return new ParaphraseOutcome(original, rewrite, 1.0, describe(), false, "answer repeats the question: original question kept", generator);
        }
        double s = similarity.between(original, rewrite);
        boolean accepted = s >= minSimilarity;
        String reason = accepted ? null
                : String.format(Locale.ROOT, "similarity %.3f below %.2f: original question kept", s, minSimilarity);
        return new ParaphraseOutcome(original, rewrite, s, describe(), accepted, reason, generator);
    }

    /** The rewrite as answered: trimmed, without a leading {@code ASSISTANT:} and surrounding quotes. */
    static String clean(String answer) {
        String s = answer == null ? "" : answer.strip();
        if (s.regionMatches(true, 0, "ASSISTANT:", 0, 10)) {
            s = s.substring(10).strip();
        }
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            s = s.substring(1, s.length() - 1).strip();
        }
        return s;
    }
}
