package dev.ibench.core.rest;

import java.util.List;
import java.util.Map;

/**
 * The gold SQL with its comparison literals replaced by {@code ?N} placeholders, those literals in order, and the
 * tables the query reads (lower-case alias or table name -> table name as written), and for aliases joined through a
 * foreign key the key column ({@code T1.eye_colour_id = T2.id}: {@code t2 -> eye_colour_id}).
 */
public record LiftedSql(String template, List<LiftedLiteral> literals, Map<String, String> tables, Map<String, String> joinRoles) {
    public LiftedSql {
        literals = List.copyOf(literals);
        joinRoles = Map.copyOf(joinRoles);
        tables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tables));
    }
}
