package dev.ibench.activities.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How rendered prompts are stored once (docs/results-store.md, migration V5_1_2). The prompts of one cell share almost
 * all their text (system message, tool list, examples) and differ in a short stretch (the question), so a prompt is
 * stored as a delta against its cell's <em>base</em>: a whole prompt kept once by content in {@code prompt_texts}
 * (SHA-256 key), plus the characters the two share at the start ({@code prefix_chars}) and at the end
 * ({@code suffix_chars}) and the differing middle, which is all a prompt row holds. The text is rebuilt exactly:
 * {@code base[0, prefix) + middle + base[length - suffix, length)}. A row without a base holds its whole prompt (rows
 * written before V5_1_2). The cell's base is the first prompt this process stores for the cell (other processes choose
 * their own; every base is stored and referenced by content, so any worker reads any row).
 */
final class PromptStorage {
    private static final int CELLS_REMEMBERED = 256;

    /** A prompt as a row stores it: the middle, and the base it is a delta against (null: the middle is the whole prompt). */
    record Encoded(String middle, String baseSha256, String baseText, int prefixChars, int suffixChars) {}

    private record Base(String sha256, String text) {}

    private final Map<String, Base> bases = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Base> eldest) {
            return size() > CELLS_REMEMBERED;
        }
    };

    /** {@code prompt} of cell {@code cellId} as a delta against the cell's base (the prompt itself when the cell has none yet). */
    Encoded encode(String cellId, String prompt) {
        Base base;
        synchronized (bases) {
            base = bases.computeIfAbsent(cellId, id -> new Base(sha256(prompt), prompt));
        }
        return delta(base, prompt);
    }

    static Encoded delta(String baseSha256, String baseText, String prompt) {
        return delta(new Base(baseSha256, baseText), prompt);
    }

    private static Encoded delta(Base base, String prompt) {
        String b = base.text();
        int max = Math.min(b.length(), prompt.length());
        int prefix = 0;
        while (prefix < max && b.charAt(prefix) == prompt.charAt(prefix)) {
            prefix++;
        }
        if (prefix > 0 && prefix < prompt.length() && Character.isHighSurrogate(prompt.charAt(prefix - 1))) {
            prefix--; // never split a surrogate pair: a lone surrogate cannot be stored as UTF-8
        }
        int suffix = 0;
        while (suffix < max - prefix && b.charAt(b.length() - 1 - suffix) == prompt.charAt(prompt.length() - 1 - suffix)) {
            suffix++;
        }
        if (suffix > 0 && suffix < prompt.length() - prefix && Character.isLowSurrogate(prompt.charAt(prompt.length() - suffix))) {
            suffix--;
        }
        return new Encoded(prompt.substring(prefix, prompt.length() - suffix), base.sha256(), b, prefix, suffix);
    }

    /** The prompt a row holds: its middle alone (no base), or rebuilt from its base. */
    static String decode(String middle, String baseText, Integer prefixChars, Integer suffixChars) {
        if (prefixChars == null) {
            return middle;
        }
        return baseText.substring(0, prefixChars) + middle + baseText.substring(baseText.length() - suffixChars);
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
