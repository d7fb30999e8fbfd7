package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Map;

/** One BFCL test entry: its id ({@code simple_0}, {@code multiple_3}, ...) and its function descriptions. */
public record BfclTestCase(String id, List<Map<String, Object>> functions) {
    /** The BFCL test category from the id prefix: {@code simple}, {@code multiple}, {@code parallel}, {@code parallel_multiple}. */
    public String category() {
        int cut = id.lastIndexOf('_');
        return cut < 0 ? id : id.substring(0, cut);
    }
}
