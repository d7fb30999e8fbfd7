package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A batch as the provider describes it (OpenAI's Batch object): its id, status ({@code validating}, {@code in_progress},
 * {@code finalizing}, {@code completed}, {@code failed}, {@code expired}, {@code cancelling}, {@code cancelled}), its
 * input, output and error files (null until there are any), when it was created (epoch seconds), its metadata and its
 * request counts.
 */
public record BatchObject(String id, String status, String inputFileId, String outputFileId, String errorFileId, long createdAt,
                          Map<String, String> metadata, int total, int completed, int failed) {
    /** The statuses after which a batch changes no more: its output and error files are final. */
    public static final Set<String> ENDED = Set.of("completed", "failed", "expired", "cancelled");

    public BatchObject {
        metadata = Map.copyOf(metadata);
    }

    public boolean ended() {
        return ENDED.contains(status);
    }

    static BatchObject of(JsonNode node) {
        Map<String, String> metadata = new LinkedHashMap<>();
        node.path("metadata").fields().forEachRemaining(e -> metadata.put(e.getKey(), e.getValue().asText()));
        JsonNode counts = node.path("request_counts");
        return new BatchObject(node.path("id").asText(), node.path("status").asText(), text(node, "input_file_id"),
                text(node, "output_file_id"), text(node, "error_file_id"), node.path("created_at").asLong(), metadata,
                counts.path("total").asInt(), counts.path("completed").asInt(), counts.path("failed").asInt());
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }
}
