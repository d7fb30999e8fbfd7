package dev.ibench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.SampleRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SampleScoresExportTest {
    @Test
    void csvHasOneColumnPerScoreKeyAndQuotesFieldsWithCommas() throws Exception {
        Map<String, Double> direct = new LinkedHashMap<>();
        direct.put("intent.list.f1", 0.5);
        direct.put("completed", 1.0);
        List<SampleRow> rows = List.of(
                new SampleRow("c/m/b/direct", "m", "b", "direct", "none", "q,1", 0, "scored", direct, null),
                new SampleRow("c/m/b/direct", "m", "b", "direct", "none", "q\"2", 1, "infra_error", Map.of(), null));
        Map<String, CellStanding> standings = Map.of("c/m/b/direct", new CellStanding("stopped", "401, no key", 4, 1, 0, 1, 1));
        assertThat(SampleScoresExport.csv("c", rows, standings)).isEqualTo(
                "campaign_id,cell_id,model,benchmark,mode,ablation,sample_id,trial,status,cell_state,cell_planned,intent.list.f1,completed\n"
                        + "c,c/m/b/direct,m,b,direct,none,\"q,1\",0,scored,\"stopped: 401, no key\",4,0.5,1\n"
                        + "c,c/m/b/direct,m,b,direct,none,\"q\"\"2\",1,infra_error,\"stopped: 401, no key\",4,,\n");
        String[] lines = SampleScoresExport.jsonl("c", rows, standings).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(Json.MAPPER.readTree(lines[0]).at("/scores/intent.list.f1").asDouble()).isEqualTo(0.5);
        assertThat(Json.MAPPER.readTree(lines[1]).get("status").asText()).isEqualTo("infra_error");
        assertThat(Json.MAPPER.readTree(lines[1]).get("cell_state").asText()).isEqualTo("stopped: 401, no key");
        assertThat(Json.MAPPER.readTree(lines[1]).get("cell_planned").asInt()).isEqualTo(4);
    }

    @Test
    void withPromptsEachLineCarriesItsItemsPromptsAsJsonInStepOrder() throws Exception {
        List<SampleRow> rows = List.of(new SampleRow("c/m/b/react/obfuscated", "m", "b", "react", "obfuscated", "s1", 0, "scored", Map.of(), null),
                new SampleRow("c/m/b/direct", "m", "b", "direct", "none", "s1", 0, "scored", Map.of(), null));
        Map<String, List<String>> stored = Map.of("react", List.of("{\"text\":\"step 1\"}", "{\"text\":\"step 2\"}"), "direct", List.of());
        String[] lines = SampleScoresExport.jsonl("c", rows, java.util.Map.of(), r -> stored.get(r.mode())).split("\n");
        assertThat(Json.MAPPER.readTree(lines[0]).get("prompts")).hasSize(2);
        assertThat(Json.MAPPER.readTree(lines[0]).at("/prompts/1/text").asText()).isEqualTo("step 2");
        assertThat(Json.MAPPER.readTree(lines[1]).get("prompts")).isEmpty();
        assertThat(Json.MAPPER.readTree(SampleScoresExport.jsonl("c", rows, java.util.Map.of()).split("\n")[0]).has("prompts")).as("not asked: none").isFalse();
    }
}
