package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench import nestful} on the bundled 50 rows with the project's own test functions, then {@code ibench rescore}
 * of the oracle and of hand-written predictions whose scores are derived by hand below.
 */
class ImportNestfulCommandTest {
    @TempDir static Path dir;
    private static Path evalSet;


    @BeforeAll
    static void importBundledRows() throws Exception {
        // Row c2526052 counts the upper-case letters of a random 10-letter string: its gold replay matches by chance
        // now and then, so it is left out here to keep the expected numbers exact (the executor's own test covers it).
        Path rows = dir.resolve("rows.jsonl");
        Files.writeString(rows, Files.readAllLines(RescoreCommandTest.data("nestful/nestful_v2_sample50.jsonl")).stream()
                .filter(line -> !line.contains("c2526052-1e00-45fa-b419-7c77cd8c4e2c")).collect(java.util.stream.Collectors.joining("\n")));
        CliRun imported = CliRun.of("import", "nestful", rows.toString(),
                "--out", dir.toString(), "--name", "bundled", "--functions", RescoreCommandTest.data("nestful/functions/func_file_map.json").getParent().toString(), "--json");
        assertThat(imported.exit()).as(imported.err()).isZero();
        JsonNode report = Json.MAPPER.readTree(imported.out());
        assertThat(report.get("imported").asInt()).isEqualTo(49);
        assertThat(report.get("rejected")).isEmpty();
        assertThat(report.at("/gold_replay/reproduced").asInt()).isEqualTo(47);
        assertThat(report.at("/gold_replay/not_reproduced")).hasSize(2)
                .allSatisfy(r -> assertThat(r.get("reason").asText()).contains("random or differently implemented"));
        evalSet = dir.resolve("bundled-nestful.json");
        assertThat(evalSet).exists();
        assertThat(dir.resolve("bundled-nestful-functions/func_file_map.json")).exists();
    }

    @Test
    void theOracleScoresOneOnEveryNestfulMetric() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (JsonNode sample : Json.MAPPER.readTree(evalSet.toFile()).get("data")) {
            lines.append(Json.MAPPER.writeValueAsString(Map.of("sample_id", sample.get("sample_id").asText(),
                    "generated_text", Json.MAPPER.writeValueAsString(sample.get("output"))))).append('\n');
        }
        JsonNode scores = rescore(lines.toString());
        assertThat(scores.at("/nestful/f1_function").asDouble()).isEqualTo(1.0);
        assertThat(scores.at("/nestful/f1_parameter").asDouble()).isEqualTo(1.0);
        assertThat(scores.at("/nestful/full_sequence").asDouble()).isEqualTo(1.0);
        assertThat(scores.at("/nestful/win_rate").asDouble()).isEqualTo(1.0);
        assertThat(scores.at("/nestful/win_unavailable").asInt()).as("the two random rows").isEqualTo(2);
        assertThat(scores.at("/nestful/by_depth/1/samples").asInt()).isEqualTo(49);
    }

    /**
     * Six MathQA rows, one kind of prediction each. By hand (gold first):
     * <pre>
     * A right          multiply(78,24); divide($1,36)       = 52     full, partial 1,    win
     * B wrong name     add(6,4); divide($1,6)  (gold subtract) partial 0 (both calls differ after grounding), no win
     * C wrong argument divide(4,25); divide(50,$1) (gold 4,50) partial 1/2, answer 312.5, no win
     * D missing call   subtract(83,63)   (gold + multiply)    aligned 2, partial 1/2, answer 20, no win
     * E extra call     subtract(5,3); divide(10,$1); add($2,0) aligned 3, partial 2/3, answer 5.0 = gold: win
     * F broken ref     divide(100,10); divide($var_9,2)       partial 1/2, the call fails, no win
     * </pre>
     * Win rate 2/6; partial mean (1 + 0 + 1/2 + 1/2 + 2/3 + 1/2) / 6 = 0.527778; full 1/6.
     * Function F1 (macro over gold names, per name over rows): divide 5/5 -> 1, multiply tp 1 fn 1 -> 2/3,
     * subtract tp 2 fn 1 (B) -> 4/5; mean 0.822222. Parameter F1: 18 gold slot labels; 14 scored 1, four 0
     * (arg_0=$subtract in B-divide and D-multiply, arg_0=6 and arg_1=4 of B-subtract, arg_0=$divide of F with a
     * false positive from E-add), arg_1=2 scores 2/3 (found in F, missing in D); (13 + 2/3) / 18 = 0.759259.
     */
    @Test
    void handWrittenPredictionsScoreAsDerivedByHand() throws Exception {
        Map<String, String> predictions = new HashMap<>();
        predictions.put("8c285e33-2e3b-469f-8e17-18fceb4e28b8", calls(call("multiply", 78, 24, "$var_1"), call("divide", "$var_1.result$", 36, "$var_2")));
        predictions.put("3468dfa6-69b9-4339-ab7a-f0d02cc75cc3", calls(call("add", 6, 4, "$var_1"), call("divide", "$var_1.result$", 6, "$var_2")));
        predictions.put("56a41db0-98cd-455e-ba7b-5cc7333e3b35", calls(call("divide", 4, 25, "$var_1"), call("divide", 50, "$var_1.result$", "$var_2")));
        predictions.put("ff871dff-0592-438a-aa46-4b29208e4798", calls(call("subtract", 83, 63, "$var_1")));
        predictions.put("cad4bfa1-3342-47cc-97cc-029a16f156ee", calls(call("subtract", 5, 3, "$var_1"), call("divide", 10, "$var_1.result$", "$var_2"),
                call("add", "$var_2.result$", 0, "$var_3")));
        predictions.put("78254773-a194-41be-b6a2-826cc53915ef", calls(call("divide", 100, 10, "$var_1"), call("divide", "$var_9.result$", 2, "$var_2")));
        StringBuilder lines = new StringBuilder();
        for (var e : predictions.entrySet()) {
            lines.append(Json.MAPPER.writeValueAsString(Map.of("sample_id", e.getKey(), "generated_text", e.getValue()))).append('\n');
        }

        JsonNode scores = rescore(lines.toString());

        assertThat(scores.at("/nestful/win_rate").asDouble()).isCloseTo(2.0 / 6, within(1e-9));
        assertThat(scores.at("/nestful/partial_sequence").asDouble()).isCloseTo((1 + 0 + 0.5 + 0.5 + 2.0 / 3 + 0.5) / 6, within(1e-9));
        assertThat(scores.at("/nestful/full_sequence").asDouble()).isCloseTo(1.0 / 6, within(1e-9));
        assertThat(scores.at("/nestful/f1_function").asDouble()).isCloseTo((1 + 2.0 / 3 + 0.8) / 3, within(1e-9));
        assertThat(scores.at("/nestful/f1_parameter").asDouble()).isCloseTo((13 + 2.0 / 3) / 18, within(1e-9));
        Map<String, JsonNode> perSample = new HashMap<>();
        scores.get("per_sample").forEach(s -> perSample.put(s.get("sample_id").asText(), s));
        assertThat(perSample.get("78254773-a194-41be-b6a2-826cc53915ef").get("lost_points").toString()).contains("$var_9");
        assertThat(perSample.get("cad4bfa1-3342-47cc-97cc-029a16f156ee").get("completed").asBoolean()).isTrue();
        assertThat(perSample.get("ff871dff-0592-438a-aa46-4b29208e4798").at("/nestful/depth").asInt()).isEqualTo(1);
    }

    @Test
    void anUnusableFileIsRefusedNamingIt() {
        CliRun missing = CliRun.of("import", "nestful", dir.resolve("nope.jsonl").toString(), "--out", dir.toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file").contains("nope.jsonl");
    }

    private static JsonNode rescore(String predictionLines) throws Exception {
        Path file = Files.createTempFile(dir, "predictions", ".jsonl");
        Files.writeString(file, predictionLines);
        CliRun scored = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", file.toString(), "--json");
        assertThat(scored.exit()).as(scored.err()).isZero();
        return Json.MAPPER.readTree(scored.out());
    }

    private static Map<String, Object> call(String name, Object a0, Object a1, String label) {
        return Map.of("name", name, "arguments", new java.util.TreeMap<>(Map.of("arg_0", a0, "arg_1", a1)), "label", label);
    }

    @SafeVarargs
    private static String calls(Map<String, Object>... calls) throws Exception {
        return Json.MAPPER.writeValueAsString(List.of(calls));
    }
}
