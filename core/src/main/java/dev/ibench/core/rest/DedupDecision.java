package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A recorded dedup decision: the question's candidate endpoint was merged into {@code keptEndpoint}
 * ({@code same_sql_template}: identical SQL template and parameters, the sample reuses the kept endpoint with its
 * own arguments) or renamed to stay unique ({@code renamed}); a near-duplicate was merged into the kept endpoint because
 * that endpoint answers the question too ({@code near_duplicate_merged}) or dropped ({@code near_duplicate}).
 */
public record DedupDecision(
        @JsonProperty("question") String questionId,
        @JsonProperty("candidate") String candidateName,
        @JsonProperty("kept_endpoint") String keptEndpoint,
        @JsonProperty("decision") String decision,
        @JsonProperty("similarity") Double similarity) {}
