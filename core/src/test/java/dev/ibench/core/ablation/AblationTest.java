package dev.ibench.core.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AblationTest {
    private static Map<String, Object> seedTool(String name, String... args) {
        Map<String, Object> arguments = new java.util.LinkedHashMap<>();
        for (String a : args) {
            arguments.put(a, Map.of("type", "string", "description", "the " + a));
        }
        return Map.of("name", name, "description", "does " + name, "arguments", arguments);
    }

    private static Map<String, Object> openAiTool(String name, String... args) {
        Map<String, Object> properties = new java.util.LinkedHashMap<>();
        for (String a : args) {
            properties.put(a, Map.of("type", "string"));
        }
        return Map.of("name", name, "description", "does " + name,
                "parameters", Map.of("type", "object", "properties", properties, "required", List.of(args)));
    }

    private static EvalSample sample(String id, String db, List<Map<String, Object>> tools, List<ToolCall> gold) {
        return new EvalSample(id, "bird", "q " + id, "SELECT 1", 1, gold, Map.of("database_path", db), tools, List.of());
    }

    @Test
    void obfuscationRenamesFunctionsAndArgumentsConsistentlyInDescriptionsTooAndMapsPredictionsBack() {
        EvalSample s = sample("s1", "db", List.of(seedTool("filter_data", "data_source", "key_name"),
                        openAiTool("sort_data", "data_source", "ascending")),
                List.of(new ToolCall("filter_data", Map.of("data_source", "$starting_table_var$", "key_name", "height"), "F")));
        Ablation obfuscated = Ablation.parse("obfuscated");
        EvalSample shown = obfuscated.shown(s, List.of(s), 0);
        // by hand: FUNC_1 = filter_data, FUNC_2 = sort_data; ARG_1 = data_source (shared), ARG_2 = key_name, ARG_3 = ascending
        assertThat(shown.tools().get(0)).containsEntry("name", "FUNC_1").containsEntry("description", "does FUNC_1");
        assertThat(new ArrayList<Object>(((Map<?, ?>) shown.tools().get(0).get("arguments")).keySet())).containsExactly("ARG_1", "ARG_2");
        Map<?, ?> parameters = (Map<?, ?>) shown.tools().get(1).get("parameters");
        assertThat(shown.tools().get(1)).containsEntry("name", "FUNC_2");
        assertThat(new ArrayList<Object>(((Map<?, ?>) parameters.get("properties")).keySet())).containsExactly("ARG_1", "ARG_3");
        assertThat(parameters.get("required")).isEqualTo(List.of("ARG_1", "ARG_3"));
        assertThat(shown.output()).containsExactly(new ToolCall("FUNC_1", Map.of("ARG_1", "$starting_table_var$", "ARG_2", "height"), "F"));
        assertThat(shown.input()).isEqualTo(s.input());

        ParsedOutput predicted = ParsedOutput.parsed(List.of(new ToolCall("FUNC_2", Map.of("ARG_3", true, "ARG_1", "$F$"), null),
                new ToolCall("made_up", Map.of("ARG_9", 1), null)), "json");
        assertThat(obfuscated.restore(s, List.of(s), 0, predicted).calls()).containsExactly(
                new ToolCall("sort_data", Map.of("ascending", true, "data_source", "$F$"), null),
                new ToolCall("<not offered: made_up>", Map.of("<not offered: ARG_9>", 1), null));
    }

    @Test
    void everyInContextExampleIsObfuscatedWithinItself() {
        IclExamples examples = Ablation.parse("obfuscated").icl(IclExamples.bundled(PromptStyle.SEL));
        ObjectNode first = examples.select(1, null).get(0);
        assertThat(first.path("output").get(0).path("name").asText()).startsWith("FUNC_");
        assertThat(first.path("tools").toString()).doesNotContain("\"name\":\"select_data_equal_to\"");
        first.path("output").get(0).path("arguments").fieldNames().forEachRemaining(k -> assertThat(k).startsWith("ARG_"));
    }

    @Test
    void aToolUniverseShareKeepsTheGoldToolsAndDrawsTheRestReproducibly() {
        List<Map<String, Object>> all = IntStream.range(0, 10).mapToObj(i -> seedTool("t" + i, "x")).toList();
        List<EvalSample> evalSet = new ArrayList<>();
        evalSet.add(sample("a", "db1", all.subList(0, 5), List.of(new ToolCall("t1", Map.of(), null), new ToolCall("t3", Map.of(), null))));
        evalSet.add(sample("b", "db1", all.subList(5, 10), List.of(new ToolCall("t7", Map.of(), null))));
        evalSet.add(sample("c", "db2", List.of(seedTool("other", "x")), List.of(new ToolCall("other", Map.of(), null))));
        EvalSample a = evalSet.get(0);
        // universe of db1: t0..t9 (10 tools); 40% = 4 tools: t1 and t3 (gold) and 2 drawn from the other 8
        List<String> offered = Ablation.parse("universe:40").shown(a, evalSet, 7).tools().stream().map(t -> (String) t.get("name")).toList();
        assertThat(offered).hasSize(4).contains("t1", "t3").doesNotContain("other");
        assertThat(Ablation.parse("universe:40").shown(a, evalSet, 7).tools()).as("same seed, same draw")
                .extracting(t -> t.get("name")).containsExactlyElementsOf(offered);
        assertThat(Ablation.parse("universe:100").shown(a, evalSet, 7).tools()).hasSize(10);
        assertThat(Ablation.parse("universe:10").shown(a, evalSet, 7).tools()).as("never fewer than the gold tools")
                .extracting(t -> t.get("name")).containsExactly("t1", "t3");

        String notOffered = IntStream.range(0, 10).mapToObj(i -> "t" + i).filter(n -> !offered.contains(n)).findFirst().orElseThrow();
        ParsedOutput predicted = ParsedOutput.parsed(List.of(new ToolCall("t1", Map.of(), null), new ToolCall(notOffered, Map.of(), null)), "json");
        assertThat(Ablation.parse("universe:40").restore(a, evalSet, 7, predicted).calls()).extracting(ToolCall::name)
                .containsExactly("t1", "<not offered: " + notOffered + ">");
    }

    @Test
    void unknownAndMalformedAblationsAreRejectedNamingTheValidOnes() {
        assertThatThrownBy(() -> Ablation.parse("shuffle")).hasMessageContaining("unknown ablation 'shuffle'")
                .hasMessageContaining("obfuscated, universe:<percent>");
        assertThatThrownBy(() -> Ablation.parse("universe:0")).hasMessageContaining("between 1 and 100");
        assertThat(Ablation.parse("none").shown(sample("x", "d", List.of(), List.of()), List.of(), 0).sampleId()).isEqualTo("x");
    }
}
