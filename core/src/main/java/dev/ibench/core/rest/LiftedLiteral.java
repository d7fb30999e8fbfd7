package dev.ibench.core.rest;

/**
 * One literal of the gold SQL that became a placeholder: the column expression it is compared with (table as
 * written, possibly an alias; column; an optional derived-part suffix such as {@code year} for
 * {@code strftime('%Y', col)}), the comparison, the value bound in its place and its type. {@code position} is its
 * {@code ?N} number.
 */
public record LiftedLiteral(String tableOrAlias, String column, String part, ComparisonKind kind, Object value, ParamType type, int position) {}
