package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.json.Json;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench import bfcl --from-package}: bfcl-eval's own files read from the installed package (the tool cache that
 * deploy/local/install-bfcl-eval.sh fills, {@link BfclEvalPackage#defaultRoot()}), for the four multi-turn categories and
 * a single-turn one; the row counts are those of the shipped files, counted here from the files themselves.
 */
class ImportBfclFromPackageIT {
    @TempDir static Path dir;
    private static BfclEvalPackage bfclEval;

    @BeforeAll
    static void install() {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        assertThat(official.root()).as("the test installs where --from-package looks").isEqualTo(BfclEvalPackage.defaultRoot());
        bfclEval = BfclEvalPackage.locate();
    }

    private static long rows(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).count();
    }

    @Test
    void multiTurnCategoriesImportEveryEntryWithTheirDocsStateAndGroundTruth() throws Exception {
        for (String category : BfclMultiTurnImporter.CATEGORIES) {
            CliRun r = CliRun.of("import", "bfcl", "--from-package", "--category", category, "--out", dir.toString(), "--json");
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode report = Json.MAPPER.readTree(r.out());
            assertThat(report.get("imported").asLong()).as(category).isEqualTo(rows(bfclEval.tests(category)));
            assertThat(report.get("rejected")).isEmpty();
            assertThat(report.get("file").asText()).isEqualTo(bfclEval.tests(category).toString());
            BfclMultiTurnEvalSet set = BfclMultiTurnEvalSet.read(dir.resolve("bfcl-" + category.replace('_', '-') + ".json"));
            assertThat(set.entries()).hasSize((int) rows(bfclEval.tests(category)));
            // first shipped row and its ground truth, as in the files
            JsonNode first = Json.MAPPER.readTree(Files.readAllLines(bfclEval.tests(category)).get(0));
            JsonNode truth = Json.MAPPER.readTree(Files.readAllLines(bfclEval.answers(category)).get(0));
            assertThat(set.entries().get(0).id()).isEqualTo(first.get("id").asText());
            assertThat(Json.MAPPER.<JsonNode>valueToTree(set.entries().get(0).initialConfig())).isEqualTo(first.get("initial_config"));
            assertThat(Json.MAPPER.<JsonNode>valueToTree(set.entries().get(0).groundTruth())).isEqualTo(truth.get("ground_truth"));
            for (String cls : set.entries().get(0).involvedClasses()) {
                Path doc = bfclEval.functionDocs().resolve(BfclMultiTurnImporter.DOC_FILES.get(cls));
                assertThat(set.functionDocs().get(cls)).as(cls).hasSize((int) rows(doc));
            }
        }
        BfclMultiTurnEvalSet missFunc = BfclMultiTurnEvalSet.read(dir.resolve("bfcl-multi-turn-miss-func.json"));
        assertThat(missFunc.entries()).allSatisfy(e -> assertThat(e.missedFunction()).isNotEmpty());
        assertThat(missFunc.entries().get(0).missedFunction()).isEqualTo(Map.of("3", List.of("sort")));
    }

    @Test
    void involvedClassesKeepsTheEntriesWithExactlyThoseClasses() throws Exception {
        // counted from bfcl-eval's BFCL_v4_multi_turn_base.json with Python (involved_classes == ['TradingBot']): 20 entries,
        // 78 turns; an entry involving TradingBot with another class is not kept
        List<String> tradingBot = List.of("multi_turn_base_100", "multi_turn_base_104", "multi_turn_base_105", "multi_turn_base_107",
                "multi_turn_base_115", "multi_turn_base_116", "multi_turn_base_117", "multi_turn_base_118", "multi_turn_base_120",
                "multi_turn_base_121", "multi_turn_base_122", "multi_turn_base_123", "multi_turn_base_126", "multi_turn_base_127",
                "multi_turn_base_128", "multi_turn_base_130", "multi_turn_base_132", "multi_turn_base_135", "multi_turn_base_142",
                "multi_turn_base_146");
        CliRun r = CliRun.of("import", "bfcl", "--from-package", "--category", "multi_turn_base", "--involved-classes", " TradingBot ",
                "--out", dir.toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode report = Json.MAPPER.readTree(r.out());
        assertThat(report.get("imported").asLong()).isEqualTo(20);
        assertThat(report.get("entries_read").asLong()).isEqualTo(rows(bfclEval.tests("multi_turn_base")));
        assertThat(report.get("involved_classes").asText()).isEqualTo("TradingBot");
        BfclMultiTurnEvalSet set = BfclMultiTurnEvalSet.read(dir.resolve("bfcl-multi-turn-base-tradingbot.json"));
        assertThat(set.entries()).extracting(e -> e.id()).containsExactlyElementsOf(tradingBot);
        assertThat(set.entries().stream().mapToInt(e -> e.turns().size()).sum()).isEqualTo(78);
        assertThat(set.functionDocs()).containsOnlyKeys("TradingBot");

        // two classes in any order: 13 entries involve exactly MessageAPI and TradingBot (counted likewise)
        CliRun pair = CliRun.of("import", "bfcl", "--from-package", "--category", "multi_turn_base", "--involved-classes",
                "TradingBot,MessageAPI", "--out", dir.toString(), "--json");
        assertThat(pair.exit()).as(pair.err()).isZero();
        assertThat(Json.MAPPER.readTree(pair.out()).get("imported").asLong()).isEqualTo(13);
        assertThat(BfclMultiTurnEvalSet.read(dir.resolve("bfcl-multi-turn-base-messageapi-tradingbot.json")).functionDocs())
                .containsOnlyKeys("MessageAPI", "TradingBot");

        CliRun unknown = CliRun.of("import", "bfcl", "--from-package", "--category", "multi_turn_base", "--involved-classes",
                "TradingBot,TradeBot", "--out", dir.toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("ibench import bfcl: --involved-classes: unknown class 'TradeBot' (known: GorillaFileSystem,")
                .doesNotContain("Exception");
        CliRun none = CliRun.of("import", "bfcl", "--from-package", "--category", "multi_turn_base", "--involved-classes",
                "MathAPI,TravelAPI,VehicleControlAPI,TwitterAPI", "--out", dir.toString());
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).startsWith("ibench import bfcl: --involved-classes MathAPI,TravelAPI,TwitterAPI,VehicleControlAPI: none of the 200 "
                + "multi_turn_base entries read from");
        CliRun singleTurn = CliRun.of("import", "bfcl", "--from-package", "--category", "simple_python", "--involved-classes", "TradingBot",
                "--out", dir.toString());
        assertThat(singleTurn.exit()).isEqualTo(2);
        assertThat(singleTurn.err()).startsWith("ibench import bfcl: --involved-classes is for the multi-turn categories only");
    }

    @Test
    void singleTurnCategoriesReadThePackagesPossibleAnswers() throws Exception {
        CliRun r = CliRun.of("import", "bfcl", "--from-package", "--category", "simple_python", "--out", dir.toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Json.MAPPER.readTree(r.out()).get("imported").asLong()).isEqualTo(rows(bfclEval.tests("simple_python")));
        assertThat(Json.MAPPER.readTree(r.out()).get("answers").asText()).isEqualTo(bfclEval.answers("simple_python").toString());
    }

    @Test
    void fileAndFromPackageTogetherOrNeitherIsRefused() {
        CliRun both = CliRun.of("import", "bfcl", "x.json", "--from-package", "--category", "multi_turn_base", "--out", dir.toString());
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).startsWith("ibench import bfcl: give either a BFCL test FILE or --from-package");
        CliRun neither = CliRun.of("import", "bfcl", "--category", "multi_turn_base", "--out", dir.toString());
        assertThat(neither.exit()).isEqualTo(2);
        CliRun unknown = CliRun.of("import", "bfcl", "--from-package", "--category", "multi_turn_composite", "--out", dir.toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("bfcl-eval ships no test file for category 'multi_turn_composite'");
    }

    @Test
    void memoryCategoriesImportEveryQuestionWithItsScenariosPrerequisiteConversations() throws Exception {
        Path tests = bfclEval.data().resolve("BFCL_v4_memory.json");
        for (String category : List.of("memory_kv", "memory_rec_sum", "memory_vector")) {
            CliRun r = CliRun.of("import", "bfcl", "--from-package", "--category", category, "--out", dir.toString(), "--json");
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode report = Json.MAPPER.readTree(r.out());
            assertThat(report.get("imported").asLong()).as(category).isEqualTo(rows(tests));
            assertThat(report.get("rejected")).isEmpty();
            BfclMemoryEvalSet set = BfclMemoryEvalSet.read(dir.resolve("bfcl-" + category.replace('_', '-') + ".json"));
            assertThat(set.backend()).isEqualTo("MemoryAPI_" + category.substring("memory_".length()));
            assertThat(set.scenarios().keySet()).containsExactlyInAnyOrder("student", "customer", "finance", "healthcare", "notetaker");
            for (String scenario : set.scenarios().keySet()) {
                Path prereq = bfclEval.data().resolve("memory_prereq_conversation/memory_" + scenario + ".json");
                assertThat(set.scenarios().get(scenario)).as(scenario).hasSize((int) rows(prereq));
                JsonNode first = Json.MAPPER.readTree(Files.readAllLines(prereq).get(0));
                assertThat(set.scenarios().get(scenario).get(0).id()).isEqualTo(first.get("id").asText().replace("memory", category));
            }
            JsonNode firstQuestion = Json.MAPPER.readTree(Files.readAllLines(tests).get(0));
            assertThat(set.questions().get(0).id()).isEqualTo(firstQuestion.get("id").asText().replace("memory", category));
            assertThat(set.functionDocs()).hasSize((int) rows(bfclEval.functionDocs().resolve(category + ".json")));
        }
    }

    /**
     * format_sensitivity end to end on the command line: imported from the package (200 listed entries x 26
     * configurations), refused by campaign plan with a tools-mode profile (the oracle) as campaign start refuses it, and
     * rescored from recorded outputs: the
     * first listed entry answered with its gold as plain Python calls under all 26 configurations passes only where the
     * configuration asks for Python without the tool-call tag (3 classic, the markdown and the experimental one): 5 of
     * 26, per-configuration accuracies five 1.0 and twenty-one 0.0, so max delta 100.0, variance (5 (21/26)^2 + 21
     * (5/26)^2) / 25 = 0.161538.. x 100^2 = 1615.38, standard deviation sqrt(0.161538..) x 100 = 40.19.
     */
    @Test
    void formatSensitivityImportsIsRefusedForToolsModeModelsAndRescoresAsBfclEvalReportsIt() throws Exception {
        CliRun imported = CliRun.of("import", "bfcl", "--from-package", "--category", "format_sensitivity", "--out", dir.toString(), "--json");
        assertThat(imported.exit()).as(imported.err()).isZero();
        JsonNode report = Json.MAPPER.readTree(imported.out());
        assertThat(report.get("imported").asInt()).isEqualTo(200 * 26);
        assertThat(report.get("entries_listed").asInt()).isEqualTo(200);
        Path set = dir.resolve("bfcl-format-sensitivity.json");

        Path campaign = dir.resolve("fs-campaign.yaml");
        Files.writeString(campaign, "name: fs\nmodels:\n  - {name: m, profile: oracle}\nbenchmarks:\n  - {name: fs, eval_set: " + set + "}\n");
        CliRun plan = CliRun.capturing("campaign", "plan", campaign.toString());
        assertThat(plan.exit()).isNotZero();
        assertThat(plan.err()).contains("has profile oracle in mode tools, and a BFCL format_sensitivity eval set is run for prompt-mode models only");

        List<dev.ibench.core.sample.EvalSample> samples = dev.ibench.core.score.EvalSetReader.read(set);
        StringBuilder predictions = new StringBuilder();
        for (dev.ibench.core.sample.EvalSample s : samples.subList(0, 26)) {
            List<String> calls = new java.util.ArrayList<>();
            for (dev.ibench.core.sample.ToolCall c : s.output()) {
                List<String> args = new java.util.ArrayList<>();
                c.arguments().forEach((k, v) -> args.add(k + "=" + dev.ibench.core.bfcl.BfclCallRenderer.python(v)));
                calls.add(c.name() + "(" + String.join(", ", args) + ")");
            }
            predictions.append(Json.MAPPER.writeValueAsString(Map.of("sample_id", s.sampleId(), "generated_text", "[" + String.join(", ", calls) + "]")))
                    .append('\n');
        }
        Path predictionsFile = dir.resolve("fs-predictions.jsonl");
        Files.writeString(predictionsFile, predictions);
        CliRun json = CliRun.of("rescore", "--eval-set", set.toString(), "--predictions", predictionsFile.toString(), "--json");
        assertThat(json.exit()).as(json.err()).isZero();
        assertThat(json.err()).contains("5174 entr(ies)");
        JsonNode header = Json.MAPPER.readTree(json.out()).get("format_sensitivity");
        assertThat(header.get("correct_count").asInt()).isEqualTo(5);
        assertThat(header.get("total_count").asInt()).isEqualTo(26);
        assertThat(header.get("accuracy_max_delta").asDouble()).isEqualTo(100.0);
        assertThat(header.get("accuracy_variance").asDouble()).isEqualTo(1615.38);
        assertThat(header.get("accuracy_std").asDouble()).isEqualTo(40.19);
        assertThat(header.get("ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=markdown&style=classic").get("accuracy").asDouble())
                .isEqualTo(1.0);
        assertThat(header.get("ret_fmt=json&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=classic").get("accuracy").asDouble())
                .isEqualTo(0.0);
        CliRun text = CliRun.of("rescore", "--eval-set", set.toString(), "--predictions", predictionsFile.toString());
        assertThat(text.out()).contains("not in the BFCL v4 overall").contains("max delta 100.0, standard deviation 40.19, variance 1615.38");
    }
}
