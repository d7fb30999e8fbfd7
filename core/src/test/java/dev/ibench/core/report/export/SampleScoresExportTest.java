package dev.ibench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
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
        assertThat(SampleScoresExport.csv("c", rows)).isEqualTo(
                "campaign_id,cell_id,model,benchmark,mode,ablation,sample_id,trial,status,intent.list.f1,completed\n"
                        + "c,c/m/b/direct,m,b,direct,none,\"q,1\",0,scored,0.5,1\n"
                        + "c,c/m/b/direct,m,b,direct,none,\"q\"\"2\",1,infra_error,,\n");
        String[] lines = SampleScoresExport.jsonl("c", rows).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(Json.MAPPER.readTree(lines[0]).at("/scores/intent.list.f1").asDouble()).isEqualTo(0.5);
        assertThat(Json.MAPPER.readTree(lines[1]).get("status").asText()).isEqualTo("infra_error");
    }
}
