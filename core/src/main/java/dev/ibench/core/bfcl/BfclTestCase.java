package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Map;

/**
 * One BFCL test entry: its id ({@code simple_0}, {@code live_multiple_3-1-0}, ...), its category ({@code simple},
 * {@code live_parallel}, ...) and its function descriptions.
 */
public record BfclTestCase(String id, String category, List<Map<String, Object>> functions) {

    /** A test whose category is BFCL's id prefix: {@code live_simple} for {@code live_simple_0-0-0}. */
    public BfclTestCase(String id, List<Map<String, Object>> functions) {
        this(id, categoryOf(id), functions);
    }

    private static String categoryOf(String id) {
        int cut = id.lastIndexOf('_');
        return cut < 0 ? id : id.substring(0, cut);
    }
}
