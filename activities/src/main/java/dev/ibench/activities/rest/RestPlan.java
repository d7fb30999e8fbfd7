package dev.ibench.activities.rest;

import java.util.List;
import java.util.Map;

/**
 * What the plan step found: the number of questions of the database, the ids of those that get endpoint
 * attempts (their gold SQL ran and returned rows), and how many were set aside before any attempt, by reason
 * ({@code sql_error}, {@code empty_sql_result}, {@code missing_database}, a malformed question's problem).
 */
public record RestPlan(int questions, List<String> candidates, Map<String, Integer> rejectedByReason) {
    public RestPlan {
        candidates = List.copyOf(candidates);
        rejectedByReason = Map.copyOf(rejectedByReason);
    }
}
