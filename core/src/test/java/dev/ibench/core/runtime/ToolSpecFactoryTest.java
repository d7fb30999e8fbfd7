package dev.ibench.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.KeyDescription;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolSpecFactoryTest {
    private final List<KeyDescription> keys = List.of(new KeyDescription("member_first_name", "member's first name", "string"),
            new KeyDescription("major_major_name", "major name", "string"));

    private static List<String> names(List<Map<String, Object>> specs) {
        return specs.stream().map(s -> (String) s.get("name")).toList();
    }

    @Test
    @SuppressWarnings("unchecked")
    void slotSpecsAreTheSevenSeedToolsWithKeyEnums() {
        List<Map<String, Object>> specs = new ToolSpecFactory(ToolCatalog.of(BuildMode.PAPER)).specs(ToolStyle.SLOT, keys);
        assertThat(names(specs)).containsExactlyInAnyOrder("filter_data", "sort_data", "group_data_by", "aggregate_data", "retrieve_data",
                "select_unique_values", "transform_data");
        Map<String, Object> sort = specs.stream().filter(s -> s.get("name").equals("sort_data")).findFirst().orElseThrow();
        Map<String, Object> params = (Map<String, Object>) sort.get("parameters");
        Map<String, Object> key = (Map<String, Object>) ((Map<String, Object>) params.get("properties")).get("key_name");
        assertThat(key.get("enum")).isEqualTo(List.of("member_first_name", "major_major_name"));
        assertThat((String) key.get("description")).contains("* `member_first_name` - member's first name");
        assertThat((List<String>) params.get("required")).contains("data_source", "key_name", "ascending");
    }

    @Test
    void selSpecsBindCategoricalArgumentsAndAddOneGetterPerKey() {
        List<String> sel = names(new ToolSpecFactory(ToolCatalog.of(BuildMode.PAPER)).specs(ToolStyle.SEL, keys));
        assertThat(sel).contains("select_data_equal_to", "select_data_like", "sort_data_ascending", "sort_data_descending", "compute_data_count",
                "compute_data_mean", "transform_data_to_substring", "get_member_first_names", "get_major_major_names", "truncate", "select_unique_values")
                .doesNotContain("filter_data", "retrieve_data", "select_data_is_in");
        List<String> ext = names(new ToolSpecFactory(ToolCatalog.of(BuildMode.EXTENDED)).specs(ToolStyle.SEL, keys));
        assertThat(ext).contains("select_data_is_in", "select_data_is_not_null", "filter_data_any_of", "divide_values", "combine_results_union");
    }

    @Test
    void routerMapsSelNamesBackToSlotOperations() {
        ToolRouter router = new ToolRouter(ToolCatalog.of(BuildMode.EXTENDED));
        ToolRouter.Routed r = router.route("sort_data_descending", Map.of("data_source", "$X$", "key_name", "k"));
        assertThat(r.operation()).isEqualTo("sort_data");
        assertThat(r.arguments()).containsEntry("ascending", false);
        ToolRouter.Routed g = router.route("get_member_first_names", Map.of("data_source", "$X$"));
        assertThat(g.operation()).isEqualTo("retrieve_data");
        assertThat(g.arguments()).containsEntry("key_name", "member_first_name").containsEntry("limit", -1);
        ToolRouter.Routed t = router.route("transform_data_to_substring", Map.of("data_source", "$X$", "key_name", "k", "start_index", 0, "end_index", 4));
        assertThat(t.arguments()).containsEntry("operation_args", Map.of("start_index", 0, "end_index", 4));
        assertThat(router.route("no_such_tool", Map.of())).isNull();
    }
}
