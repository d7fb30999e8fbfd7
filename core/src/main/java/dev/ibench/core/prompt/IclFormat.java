package dev.ibench.core.prompt;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How ICL examples are written into {@code {ICL_EXAMPLES}}. {@code FULL}: each example as the seed
 * shows it in F.1.9 (sample_id, dataset_name, input, output, tools, gold_answer; pretty JSON).
 * {@code COMPACT}: only the question and its gold call sequence, one line each (for small context windows).
 */
public enum IclFormat {
    FULL,
    COMPACT;

    @JsonCreator
    public static IclFormat parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("unknown icl format '" + text + "' (expected full or compact)");
        }
    }

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
