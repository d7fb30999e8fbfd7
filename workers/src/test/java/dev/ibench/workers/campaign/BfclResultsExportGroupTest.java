package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The folders of {@code campaign export --format bfcl} as bfcl-eval 2026.3.23's {@code get_directory_structure_by_category}
 * names them (read in its utils.py): the general grouping, and for a memory category {@code agentic/memory/<type>}.
 */
class BfclResultsExportGroupTest {
    @Test
    void memoryCategoriesGoUnderAgenticMemoryByBackendType() {
        assertThat(BfclResultsExport.group("simple_python")).isEqualTo("non_live");
        assertThat(BfclResultsExport.group("live_multiple")).isEqualTo("live");
        assertThat(BfclResultsExport.group("multi_turn_base")).isEqualTo("multi_turn");
        assertThat(BfclResultsExport.group("memory_kv")).isEqualTo("agentic/memory/kv");
        assertThat(BfclResultsExport.group("memory_rec_sum")).isEqualTo("agentic/memory/rec_sum");
        assertThat(BfclResultsExport.group("memory_vector")).isEqualTo("agentic/memory/vector");
    }

    /** bfcl-eval's general grouping of web_search_* is agentic, with no sub-folder (get_directory_structure_by_category). */
    @Test
    void webSearchCategoriesGoUnderAgentic() {
        assertThat(BfclResultsExport.group("web_search_base")).isEqualTo("agentic");
        assertThat(BfclResultsExport.group("web_search_no_snippet")).isEqualTo("agentic");
    }
}
