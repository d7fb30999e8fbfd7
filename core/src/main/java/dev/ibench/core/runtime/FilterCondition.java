package dev.ibench.core.runtime;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The comparison a filter applies between a cell and the filter value, with SQL semantics
 * (a NULL cell never matches a comparison). The first eight are the seed paper's conditions;
 * the rest exist only in extended mode.
 */
public enum FilterCondition {
    EQUAL_TO("equal_to", true, "Filters rows where the column's value is equal to the given value."),
    NOT_EQUAL_TO("not_equal_to", true, "Filters rows where the column's value is not equal to the given value."),
    GREATER_THAN("greater_than", true, "Filters rows where the column's value is greater than the given value."),
    LESS_THAN("less_than", true, "Filters rows where the column's value is less than the given value."),
    GREATER_THAN_EQUAL_TO("greater_than_equal_to", true, "Filters rows where the column's value is greater than or equal to the given value."),
    LESS_THAN_EQUAL_TO("less_than_equal_to", true, "Filters rows where the column's value is less than or equal to the given value."),
    CONTAINS("contains", true, "Filters rows where the column's value contains the given value (applies to strings)."),
    LIKE("like", true, "Filters rows where the column's value matches a SQL LIKE pattern ('%' any text, '_' one character, case-insensitive)."),
    NOT_LIKE("not_like", false, "Filters rows where the column's value does not match a SQL LIKE pattern."),
    IS_IN("is_in", false, "Filters rows where the column's value is one of the values in the given list."),
    NOT_IN("not_in", false, "Filters rows where the column's value is none of the values in the given list."),
    IS_NULL("is_null", false, "Filters rows where the column has no value (the value argument is ignored)."),
    IS_NOT_NULL("is_not_null", false, "Filters rows where the column has a value (the value argument is ignored).");

    private final String wireName;
    private final boolean paper;
    private final String description;

    FilterCondition(String wireName, boolean paper, String description) {
        this.wireName = wireName;
        this.paper = paper;
        this.description = description;
    }

    public String wireName() {
        return wireName;
    }

    public boolean inPaperMode() {
        return paper;
    }

    public String description() {
        return description;
    }

    public static FilterCondition fromWire(String name) {
        for (FilterCondition c : values()) {
            if (c.wireName.equals(name)) return c;
        }
        return null;
    }

    /** A predicate for one filter value; LIKE patterns are compiled once. */
    public CellTest test(Object value) throws ToolArgumentException {
        Object v = unwrapSingleton(value);
        switch (this) {
            case LIKE:
            case NOT_LIKE: {
                if (v == null) throw new ToolArgumentException("condition '" + wireName + "' needs a pattern value");
                Pattern p = likePattern(SqliteValues.asText(v));
                boolean negate = this == NOT_LIKE;
                return cell -> cell != null && (p.matcher(SqliteValues.asText(cell)).matches() != negate);
            }
            case IS_IN:
            case NOT_IN: {
                List<?> options = value instanceof List<?> l ? l : value == null ? List.of() : List.of(value);
                boolean negate = this == NOT_IN;
                return cell -> {
                    if (cell == null) return false;
                    for (Object o : options) {
                        Object opt = unwrapSingleton(o);
                        Integer c = SqliteValues.compareForFilter(cell, opt);
                        if (c != null && c == 0) return !negate;
                    }
                    return negate;
                };
            }
            case IS_NULL:
                return cell -> cell == null;
            case IS_NOT_NULL:
                return cell -> cell != null;
            case CONTAINS: {
                if (v == null) throw new ToolArgumentException("condition 'contains' needs a value");
                String needle = SqliteValues.asText(v);
                return cell -> cell != null && SqliteValues.asText(cell).contains(needle);
            }
            default: {
                if (v instanceof List<?> l) {
                    throw new ToolArgumentException("condition '" + wireName + "' needs a single value, got a list of " + l.size());
                }
                return cell -> {
                    Integer c = SqliteValues.compareForFilter(cell, v);
                    if (c == null) return false;
                    switch (this) {
                        case EQUAL_TO: return c == 0;
                        case NOT_EQUAL_TO: return c != 0;
                        case GREATER_THAN: return c > 0;
                        case LESS_THAN: return c < 0;
                        case GREATER_THAN_EQUAL_TO: return c >= 0;
                        default: return c <= 0;
                    }
                };
            }
        }
    }

    private static Object unwrapSingleton(Object v) {
        Object out = v;
        while (out instanceof List<?> l && l.size() == 1) {
            out = l.get(0);
        }
        return SqliteValues.normalise(out);
    }

    static Pattern likePattern(String sqlPattern) {
        StringBuilder re = new StringBuilder();
        for (char ch : sqlPattern.toCharArray()) {
            if (ch == '%') re.append(".*");
            else if (ch == '_') re.append('.');
            else re.append(Pattern.quote(String.valueOf(ch)));
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    }

    /** A test of one cell. */
    @FunctionalInterface
    public interface CellTest {
        boolean matches(Object cell);
    }

    @Override
    public String toString() {
        return wireName.toLowerCase(Locale.ROOT);
    }
}
