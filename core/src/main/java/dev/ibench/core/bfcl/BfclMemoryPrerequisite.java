package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Map;

/**
 * One of a memory scenario's prerequisite conversations ({@code bfcl_eval/data/memory_prereq_conversation/memory_<scenario>.json}):
 * the user's messages per turn, told to the model so that it files them in its memory; it has no answer and is not
 * scored. {@code id} is bfcl-eval's, renamed for the backend's category ({@code memory_kv_prereq_0-notetaker-0}).
 */
public record BfclMemoryPrerequisite(String id, String topic, List<List<Map<String, Object>>> turns) {}
