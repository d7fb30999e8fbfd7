package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench import bfcl} on the bundled simple and multiple sets, then {@code ibench rescore} of the oracle (1.0), of
 * the oracle's answers in BFCL's Python call syntax (1.0), and of hand-written predictions whose scores are derived by hand.
 */
class ImportBfclCommandTest {
    @TempDir static Path dir;


    @BeforeAll
    static void importBundledSets() throws Exception {
        for (String category : new String[] {"simple", "multiple"}) {
            CliRun imported = CliRun.of("import", "bfcl", RescoreCommandTest.data("bfcl/BFCL_v3_" + category + ".json").toString(),
                    "--answers", RescoreCommandTest.data("bfcl/possible_answer/BFCL_v3_" + category + ".json").toString(),
                    "--category", category, "--out", dir.toString(), "--json");
            assertThat(imported.exit()).as(imported.err()).isZero();
            JsonNode report = Json.MAPPER.readTree(imported.out());
            assertThat(report.get("imported").asInt()).isEqualTo(category.equals("simple") ? 400 : 200);
            assertThat(report.get("rejected")).isEmpty();
            assertThat(dir.resolve("bfcl-" + category + ".json")).exists();
        }
    }

    private static JsonNode rescore(String evalSet, String predictions, String... options) throws Exception {
        Path file = Files.createTempFile(dir, "predictions", ".jsonl");
        Files.writeString(file, predictions);
        List<String> args = new java.util.ArrayList<>(List.of("rescore", "--eval-set", dir.resolve(evalSet).toString(), "--predictions",
                file.toString(), "--json"));
        args.addAll(List.of(options));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).as("BFCL samples are not executed, so no completion warning").doesNotContain("completion_rate");
        return Json.MAPPER.readTree(r.out());
    }

    private static String line(String sampleId, String generatedText) throws Exception {
        return Json.MAPPER.writeValueAsString(Map.of("sample_id", sampleId, "generated_text", generatedText)) + "\n";
    }

    @Test
    void theOracleScoresOneOnBothBundledSets() throws Exception {
        for (String category : new String[] {"simple", "multiple"}) {
            StringBuilder lines = new StringBuilder();
            for (JsonNode sample : Json.MAPPER.readTree(dir.resolve("bfcl-" + category + ".json").toFile()).get("data")) {
                lines.append(line(sample.get("sample_id").asText(), Json.MAPPER.writeValueAsString(sample.get("output"))));
            }
            JsonNode scores = rescore("bfcl-" + category + ".json", lines.toString());
            assertThat(scores.at("/bfcl/categories/" + category + "/accuracy").asDouble()).isEqualTo(1.0);
            assertThat(scores.at("/bfcl/categories/" + category + "/samples").asInt()).isEqualTo(category.equals("simple") ? 400 : 200);
            assertThat(scores.at("/bfcl/overall_weighted").asDouble()).isEqualTo(1.0);
            assertThat(scores.at("/completion_rate").isNull()).isTrue();
            // BFCL v4's overall with its official weights, every other category counting 0: simple alone is a third of
            // the simple group, a quarter of non-live, weighing 10 of 100; multiple alone is a quarter of non-live
            double v4 = category.equals("simple") ? 10 * (1 / 3.0) / 4 / 100 : 10 * (1 / 4.0) / 100;
            assertThat(scores.at("/bfcl/v4/overall").asDouble()).isCloseTo(v4, within(1e-12));
            assertThat(scores.at("/bfcl/v4/not_run").toString()).contains("simple_java").contains("multi_turn_base").doesNotContain("\"" + category + "\"");
            // partial: perfect over the categories run, whose weight is simple's 10/12 or multiple's 2.5 of 100
            assertThat(scores.at("/bfcl/v4/complete").asBoolean()).isFalse();
            assertThat(scores.at("/bfcl/v4/partial_over_run").asDouble()).isCloseTo(1.0, within(1e-12));
            assertThat(scores.at("/bfcl/v4/weight_run").asDouble()).isCloseTo(category.equals("simple") ? 10 / 12.0 : 2.5, within(1e-12));
            assertThat(scores.at("/bfcl/v4/text").asText()).startsWith("partial 1.000 over " + (category.equals("simple") ? "0.8" : "2.5") + " of 100 weight");
        }
    }

    /**
     * Six simple rows, one kind of prediction each; by hand against their possible answers:
     * <pre>
     * simple_0 right (unit left out: optional)        [calculate_triangle_area(base=10, height=5)]     correct
     * simple_1 API-safe name of math.factorial        native tool call math_factorial(number=5)        wrong_func_name (prompt mode)
     * simple_2 wrong name                               [math.hypotenuse(x=4, y=5)]                      wrong_func_name
     * simple_3 wrong argument (b=3, gold -3)            [algebra.quadratic_roots(a=1, b=3, c=2)]         value_error
     * simple_4 missing call (prose)                     "I cannot solve equations."                      decoder_failed
     * simple_5 extra call (the right call twice)        [solve_quadratic(...), solve_quadratic(...)]     wrong_count
     * </pre>
     * Accuracy 1/6: rescore judges names as bfcl-eval's prompt handlers by default, where only math.factorial is right.
     */
    @Test
    void handWrittenPredictionsScoreAsDerivedByHand() throws Exception {
        String call5 = "solve_quadratic(a=3, b=-11, c=-4, root_type=\"all\")";
        JsonNode scores = rescore("bfcl-simple.json",
                line("simple_0", "[calculate_triangle_area(base=10, height=5)]")
                        + line("simple_1", "[{\"name\": \"math_factorial\", \"arguments\": {\"number\": 5}}]")
                        + line("simple_2", "[math.hypotenuse(x=4, y=5)]")
                        + line("simple_3", "[algebra.quadratic_roots(a=1, b=3, c=2)]")
                        + line("simple_4", "I cannot solve equations.")
                        + line("simple_5", "[" + call5 + ", " + call5 + "]"));
        assertThat(scores.at("/bfcl/categories/simple/samples").asInt()).isEqualTo(6);
        assertThat(scores.at("/bfcl/categories/simple/correct").asInt()).isEqualTo(1);
        assertThat(scores.at("/bfcl/categories/simple/accuracy").asDouble()).isCloseTo(1 / 6.0, within(1e-12));
        Map<String, String> errorOf = new java.util.HashMap<>();
        scores.get("per_sample").forEach(s -> errorOf.put(s.get("sample_id").asText(),
                s.at("/bfcl/valid").asBoolean() ? "correct" : s.at("/bfcl/error_type").asText()));
        assertThat(errorOf).containsEntry("simple_0", "correct").containsEntry("simple_1", "simple_function_checker:wrong_func_name")
                .containsEntry("simple_2", "simple_function_checker:wrong_func_name")
                .containsEntry("simple_4", "ast_decoder:decoder_failed")
                .containsEntry("simple_5", "simple_function_checker:wrong_count");
        assertThat(errorOf.get("simple_3")).startsWith("value_error");
        JsonNode types = scores.at("/bfcl/error_types");
        assertThat(types.size()).isEqualTo(4);
    }

    /** bfcl-eval's function-calling handlers (underscore_to_dot): math_factorial is the right name, math.factorial a wrong one. */
    @Test
    void theFcModeJudgesDottedNamesAsBfclEvalsFunctionCallingHandlers() throws Exception {
        String predictions = line("simple_1", "[{\"name\": \"math_factorial\", \"arguments\": {\"number\": 5}}]");
        JsonNode fc = rescore("bfcl-simple.json", predictions, "--bfcl-mode", "fc");
        assertThat(fc.at("/per_sample/0/bfcl/valid").asBoolean()).isTrue();
        JsonNode dotted = rescore("bfcl-simple.json", line("simple_1", "[math.factorial(number=5)]"), "--bfcl-mode", "fc");
        assertThat(dotted.at("/per_sample/0/bfcl/error_type").asText()).isEqualTo("simple_function_checker:wrong_func_name");
        assertThat(rescore("bfcl-simple.json", line("simple_1", "[math.factorial(number=5)]")).at("/per_sample/0/bfcl/valid").asBoolean())
                .as("prompt mode, the default").isTrue();
        Path file = Files.writeString(dir.resolve("fc-predictions.jsonl"), predictions);
        CliRun bad = CliRun.of("rescore", "--eval-set", dir.resolve("bfcl-simple.json").toString(), "--predictions", file.toString(),
                "--bfcl-mode", "tools");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown BFCL mode 'tools' (expected prompt or fc)");
    }

    @Test
    void multipleRowsPickTheRightFunctionAmongSeveral() throws Exception {
        // multiple_0: triangle_properties.get(side1=5, side2=4, side3=3) is right; multiple_1 wants math.triangle_area_heron
        // but calls math.circle_area, another of its functions: wrong_func_name
        JsonNode scores = rescore("bfcl-multiple.json",
                line("multiple_0", "[triangle_properties.get(side1=5, side2=4, side3=3)]")
                        + line("multiple_1", "[math.circle_area(radius=3)]"));
        assertThat(scores.at("/bfcl/categories/multiple/correct").asInt()).isEqualTo(1);
        assertThat(scores.at("/per_sample/1/bfcl/error_type").asText()).isEqualTo("simple_function_checker:wrong_func_name");
    }

    @Test
    void badInvocationsExitTwoNamingTheProblem() {
        CliRun unknown = CliRun.of("import", "bfcl", "x.json", "--category", "java", "--out", dir.toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown BFCL category 'java'").contains("live_simple");
        CliRun noAnswers = CliRun.of("import", "bfcl", RescoreCommandTest.data("bfcl/BFCL_v3_simple.json").toString(), "--category", "simple",
                "--out", dir.toString());
        assertThat(noAnswers.exit()).isEqualTo(2);
        assertThat(noAnswers.err()).contains("give --answers");
        CliRun missing = CliRun.of("import", "bfcl", dir.resolve("nope.json").toString(), "--category", "irrelevance", "--out", dir.toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file").contains("nope.json");
    }

    /** A web-search category from files laid out as bfcl-eval's data folder: a multi-turn set of one-turn WebSearchAPI entries. */
    @Test
    void aWebSearchCategoryImportsAsOneTurnEntriesOfTheBackend() throws Exception {
        Path data = Files.createDirectories(dir.resolve("ws-data"));
        Files.createDirectories(data.resolve("possible_answer"));
        Files.createDirectories(data.resolve("multi_turn_func_doc"));
        Files.writeString(data.resolve("BFCL_v4_web_search.json"), "{\"id\": \"web_search_7\", \"question\": [[{\"role\": \"user\", "
                + "\"content\": \"Who won?\"}]], \"involved_classes\": [\"WebSearchAPI\"]}\n");
        Files.writeString(data.resolve("possible_answer/BFCL_v4_web_search.json"), "{\"id\": \"web_search_7\", \"ground_truth\": [\"Ada\"]}\n");
        Files.writeString(data.resolve("multi_turn_func_doc/web_search.json"), "{\"name\": \"search_engine_query\", \"description\": \"d\", "
                + "\"parameters\": {\"type\": \"dict\", \"properties\": {}, \"required\": []}}\n");
        Path out = dir.resolve("ws-out");
        CliRun r = CliRun.of("import", "bfcl", data.resolve("BFCL_v4_web_search.json").toString(), "--category", "web_search_no_snippet",
                "--out", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("imported 1 web_search_no_snippet questions (backend WebSearchAPI)");
        JsonNode set = Json.MAPPER.readTree(out.resolve("bfcl-web-search-no-snippet.json").toFile());
        assertThat(set.path("style").asText()).isEqualTo("bfcl_multi_turn");
        assertThat(set.at("/data/0/id").asText()).isEqualTo("web_search_no_snippet_7");
        assertThat(set.at("/data/0/initial_config/WebSearchAPI/show_snippet").asBoolean(true)).isFalse();
        assertThat(set.at("/data/0/ground_truth/0/0").asText()).isEqualTo("Ada");
        CliRun refused = CliRun.of("import", "bfcl", data.resolve("BFCL_v4_web_search.json").toString(), "--category", "web_search_base",
                "--answers", data.resolve("possible_answer/BFCL_v4_web_search.json").toString(), "--out", out.toString());
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.err()).contains("web_search_base reads its possible answers and function docs from beside BFCL_v4_web_search.json");
    }
}
