package dev.ibench.core.report;

import java.util.Locale;

/** How cached prompt tokens are shown next to the prompt tokens: {@code 800 cached, 66.7%}. */
public final class CachedShare {
    private CachedShare() {}

    public static String of(long cachedPromptTokens, long promptTokens) {
        double share = promptTokens == 0 ? 0 : 100.0 * cachedPromptTokens / promptTokens;
        return String.format(Locale.ROOT, "%d cached, %.1f%%", cachedPromptTokens, share);
    }
}
