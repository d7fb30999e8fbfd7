package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Locale;

/**
 * bfcl-eval's memory categories and their backend classes ({@code func_source_code/memory_<type>.py}): {@code memory_kv}
 * (key-value core and archival memory, BM25 key search), {@code memory_rec_sum} (one text, recursive summarization) and
 * {@code memory_vector} (core and archival memory searched by sentence embeddings).
 */
public enum BfclMemoryBackend {
    KV("memory_kv"), REC_SUM("memory_rec_sum"), VECTOR("memory_vector");

    public static final List<String> CATEGORIES = List.of("memory_kv", "memory_rec_sum", "memory_vector");

    private final String category;

    BfclMemoryBackend(String category) {
        this.category = category;
    }

    public String category() {
        return category;
    }

    /** The backend class: {@code MemoryAPI_kv}, as bfcl-eval's {@code process_memory_test_case} names it. */
    public String className() {
        return "MemoryAPI_" + category.substring("memory_".length());
    }

    /** Its function docs file in {@code multi_turn_func_doc/}. */
    public String docFile() {
        return category + ".json";
    }

    public static boolean isMemory(String category) {
        return category != null && CATEGORIES.contains(category.trim().toLowerCase(Locale.ROOT));
    }

    public static BfclMemoryBackend of(String category) {
        for (BfclMemoryBackend b : values()) {
            if (b.category.equals(category == null ? null : category.trim().toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException("not a BFCL memory category: '" + category + "' (valid: " + String.join(", ", CATEGORIES) + ")");
    }
}
