package dev.ibench.core.rest;

/**
 * How a lifted literal is compared with its column; decides the parameter's name ({@code min_height_cm},
 * {@code superhero_name_contains}) and the phrase in its description.
 */
public enum ComparisonKind {
    EQUALS("", "", "equal to"),
    NOT_EQUALS("excluded_", "", "not equal to"),
    MIN_EXCLUSIVE("min_", "", "greater than"),
    MIN_INCLUSIVE("min_", "", "at least"),
    MAX_EXCLUSIVE("max_", "", "less than"),
    MAX_INCLUSIVE("max_", "", "at most"),
    CONTAINS("", "_contains", "containing"),
    PREFIX("", "_prefix", "starting with"),
    SUFFIX("", "_suffix", "ending with"),
    PATTERN("", "_pattern", "matching the SQL LIKE pattern"),
    NOT_CONTAINS("", "_excluded_substring", "not containing"),
    NOT_PATTERN("", "_excluded_pattern", "not matching the SQL LIKE pattern"),
    IN_LIST("", "", "one of the values, this one"),
    NOT_IN_LIST("excluded_", "", "none of the values, this one"),
    BETWEEN_LOW("min_", "", "at least (range start)"),
    BETWEEN_HIGH("max_", "", "at most (range end)");

    private final String prefix;
    private final String suffix;
    private final String phrase;

    ComparisonKind(String prefix, String suffix, String phrase) {
        this.prefix = prefix;
        this.suffix = suffix;
        this.phrase = phrase;
    }

    public String parameterName(String base) {
        return prefix + base + suffix;
    }

    public String phrase() {
        return phrase;
    }

    /** The kind seen from the other side, for literals written on the left ({@code 5 < x} is {@code x > 5}). */
    public ComparisonKind mirrored() {
        return switch (this) {
            case MIN_EXCLUSIVE -> MAX_EXCLUSIVE;
            case MIN_INCLUSIVE -> MAX_INCLUSIVE;
            case MAX_EXCLUSIVE -> MIN_EXCLUSIVE;
            case MAX_INCLUSIVE -> MIN_INCLUSIVE;
            default -> this;
        };
    }
}
