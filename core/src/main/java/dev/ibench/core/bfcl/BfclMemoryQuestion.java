package dev.ibench.core.bfcl;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One memory question ({@code bfcl_eval/data/BFCL_v4_memory.json}): its scenario, the user's messages of its one turn
 * and its possible answers ({@code possible_answer/BFCL_v4_memory.json}: texts, any of which the final answer must
 * contain, {@link BfclAgenticChecker}). {@code id} is renamed for the backend's category ({@code memory_kv_0-notetaker-0}).
 */
public record BfclMemoryQuestion(String id, String scenario, List<Map<String, Object>> question,
        @JsonProperty("ground_truth") List<String> groundTruth) {}
