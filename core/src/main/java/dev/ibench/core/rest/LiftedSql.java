package dev.ibench.core.rest;

import java.util.List;
import java.util.Map;

/**
 * The gold SQL with its comparison literals replaced by {@code ?N} placeholders, those literals in order, and the
 * tables the query reads (lower-case alias or table name -> table name as written).
 */
public record LiftedSql(String template, List<LiftedLiteral> literals, Map<String, String> tables) {
    public LiftedSql {
        literals = List.copyOf(literals);
        tables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tables));
    }
}
