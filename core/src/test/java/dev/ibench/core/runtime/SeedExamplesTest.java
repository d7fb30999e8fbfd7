package dev.ibench.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.TestData;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.tools.BuildMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The seed's published SLOT and SEL examples load as EvalSamples and every tool they call is one the runtime routes. */
class SeedExamplesTest {
    @Test
    void seedSamplesLoadAndTheirToolNamesAreKnown() throws Exception {
        ToolRouter router = new ToolRouter(ToolCatalog.of(BuildMode.PAPER));
        List<String> unknown = new ArrayList<>();
        int calls = 0;
        for (String f : List.of("examples_icl_slot_filling.json", "examples_icl_sequencing.json")) {
            JsonNode data = Json.MAPPER.readTree(TestData.root().resolve("invocable-icl").resolve(f).toFile()).get("data");
            for (JsonNode n : data) {
                EvalSample s = Json.MAPPER.treeToValue(n, EvalSample.class);
                assertThat(s.output()).isNotEmpty();
                assertThat(s.keyValuesAndDescriptions()).isNotEmpty();
                for (ToolCall c : s.output()) {
                    calls++;
                    if (router.route(c.name(), c.arguments()) == null) unknown.add(c.name());
                }
            }
        }
        assertThat(calls).isGreaterThan(10);
        assertThat(unknown).isEmpty();
    }
}
