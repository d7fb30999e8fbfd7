package dev.ibench.core.nestful;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A reference from one NESTful call's argument to an earlier call's output: the label of that call and the output
 * field. NESTful's data spells it several ways, all accepted here: {@code $var_1.result$} (MathQA part),
 * {@code $var1.output_0$} (StarCoder part), the same without the closing {@code $}, and a bare label
 * ({@code $var1$}, the whole output). Only a whole argument value is a reference, never a substring.
 */
public record NestfulReference(String label, String field) {
    private static final Pattern REFERENCE = Pattern.compile("^\\$(var_?\\d+)(?:\\.([A-Za-z0-9_]+))?\\$?$");

    /** The reference an argument value spells, or empty when the value is not one. */
    public static Optional<NestfulReference> parse(Object value) {
        if (!(value instanceof String s)) {
            return Optional.empty();
        }
        Matcher m = REFERENCE.matcher(s.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new NestfulReference(m.group(1), m.group(2)));
    }

    /** A call's label ({@code $var_1}, {@code var1}, {@code $var1$}) without its dollar signs. */
    public static String normalizeLabel(String label) {
        return label == null ? null : label.replace("$", "").strip();
    }
}
