package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.testing.BundledData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Acceptance 4: rescore on the ICL SLOT and SEL example files with predictions = gold outputs as JSON text gives 1.0. */
class RescoreCommandTest {
    @TempDir Path dir;


    static Path data(String relative) {
        return BundledData.file(relative);
    }

    private Path goldPredictions(Path evalSet, String extraLines) throws Exception {
        List<String> lines = new ArrayList<>();
        for (EvalSample s : EvalSetReader.read(evalSet)) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("sample_id", s.sampleId());
            row.put("generated_text", Json.MAPPER.writeValueAsString(s.output()));
            row.put("model", "oracle");
            lines.add(Json.MAPPER.writeValueAsString(row));
        }
        Path file = dir.resolve("predictions.jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n" + extraLines);
        return file;
    }

    @Test
    void aRestEvalSetCompletesOnItsPublishedEndpoints() throws Exception {
        Path root = data("bird/dev.json").getParent().toAbsolutePath().normalize();
        Path out = dir.resolve("rest");
        dev.ibench.core.rest.RestBuildStep.run(new dev.ibench.core.build.BuildOptions("bird", root, List.of("superhero"), List.of(),
                dev.ibench.core.tools.BuildMode.PAPER, out, root.getParent()), new dev.ibench.core.verify.CoverageReport(), m -> {}, false);
        Path evalSet = out.resolve("bird-superhero-rest.json");
        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", goldPredictions(evalSet, "").toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertThat(j.get("samples").asInt()).isEqualTo(129);
        assertThat(j.get("completion_rate").asDouble()).isEqualTo(1.0);

        Files.delete(out.resolve("bird-superhero-rest-endpoints.json"));
        CliRun without = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", goldPredictions(evalSet, "").toString(), "--json");
        assertThat(without.exit()).isEqualTo(2);
        assertThat(without.err()).contains("bird-superhero-rest-endpoints.json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"invocable-icl/examples_icl_slot_filling.json", "invocable-icl/examples_icl_sequencing.json"})
    void goldOutputsAsPredictionsScoreOneEverywhere(String evalSetPath) throws Exception {
        Path evalSet = data(evalSetPath);
        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", goldPredictions(evalSet, "").toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertThat(j.get("samples").asInt()).isEqualTo(3);
        assertThat(j.get("parsed").asInt()).isEqualTo(3);
        for (String mode : List.of("set", "counter", "list")) {
            for (String m : List.of("precision", "recall", "f1")) {
                assertThat(j.at("/intent/" + mode + "/" + m).asDouble()).as(mode + " " + m).isEqualTo(1.0);
            }
        }
        for (String m : List.of("precision", "recall", "f1")) {
            assertThat(j.at("/slot/" + m).asDouble()).isEqualTo(1.0);
            assertThat(j.at("/lcs/" + m).asDouble()).isEqualTo(1.0);
        }
        assertThat(j.at("/sequence/partial").asDouble()).isEqualTo(1.0);
        assertThat(j.at("/sequence/full").asDouble()).isEqualTo(1.0);
        assertThat(j.has("completion_rate")).isTrue();
        j.get("errors").fields().forEachRemaining(e -> assertThat(e.getValue().asInt()).as(e.getKey()).isZero());
        assertThat(j.get("errors").size()).isEqualTo(8);
        assertThat(j.get("per_sample")).hasSize(3);
        j.get("per_sample").forEach(s -> assertThat(s.get("lost_points")).isEmpty());
        List<String> keys = new ArrayList<>();
        j.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("samples", "parsed", "intent", "slot", "completion_rate", "lcs", "sequence", "errors", "per_sample");
    }

    @Test
    void humanReadableTableWithoutJson() throws Exception {
        Path evalSet = data("invocable-icl/examples_icl_sequencing.json");
        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", goldPredictions(evalSet, "").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("samples 3, parsed 3").contains("intent (list)       1.0000    1.0000    1.0000")
                .contains("instruction_alignment_failure");
    }

    @Test
    void badLinesAreNamedAndTheOtherLinesStillScored() throws Exception {
        Path evalSet = data("invocable-icl/examples_icl_slot_filling.json");
        Path predictions = goldPredictions(evalSet, "{not json\n{\"sample_id\": 999, \"generated_text\": \"[]\"}\n{\"sample_id\": 10, \"generated_text\": \"dup\"}\n");
        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", predictions.toString(), "--json");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(predictions + " line 4: not valid JSON")
                .contains(predictions + " line 5: unknown sample_id 999")
                .contains(predictions + " line 6: duplicate sample_id 10");
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertThat(j.get("samples").asInt()).isEqualTo(3);
        assertThat(j.at("/intent/list/f1").asDouble()).isEqualTo(1.0);
    }

    @Test
    void unparseableOutputIsScoredAsInstructionAlignmentFailure() throws Exception {
        Path evalSet = data("invocable-icl/examples_icl_slot_filling.json");
        Path predictions = dir.resolve("p.jsonl");
        Files.writeString(predictions, "{\"sample_id\": 10, \"generated_text\": \"To answer this I would filter the data.\"}\n");
        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", predictions.toString(), "--json");
        assertThat(r.exit()).isZero();
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertThat(j.get("samples").asInt()).isEqualTo(1);
        assertThat(j.get("parsed").asInt()).isZero();
        assertThat(j.at("/errors/instruction_alignment_failure").asInt()).isEqualTo(1);
        assertThat(j.at("/intent/list/recall").asDouble()).isZero();
        assertThat(j.at("/per_sample/0/lost_points/0").asText()).startsWith("parse: unparseable");
        assertThat(r.err()).contains("2 sample(s)").contains("have no prediction");
    }

    /**
     * The first sample's gold calls as one JSON list, the others' one per line: the default reads both; the seed authors'
     * scorer removes newlines first, so JSON Lines give it nothing (its gold calls are missed, no call is wrong).
     */
    @Test
    void ibmReferenceParserFollowsTheAuthorsScorerOnJsonLines() throws Exception {
        Path evalSet = data("invocable-icl/examples_icl_slot_filling.json");
        List<EvalSample> samples = EvalSetReader.read(evalSet);
        List<String> lines = new ArrayList<>();
        for (EvalSample s : samples) {
            List<String> calls = new ArrayList<>();
            for (var call : s.output()) {
                calls.add(Json.MAPPER.writeValueAsString(call));
            }
            assertThat(calls).hasSizeGreaterThan(1);
            String text = lines.isEmpty() ? "[" + String.join(", ", calls) + "]" : String.join("\n", calls);
            lines.add(Json.MAPPER.writeValueAsString(Map.of("sample_id", s.sampleId(), "generated_text", text)));
        }
        Path predictions = dir.resolve("lines.jsonl");
        Files.writeString(predictions, String.join("\n", lines) + "\n");
        JsonNode lenient = Json.MAPPER.readTree(CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", predictions.toString(),
                "--json").out());
        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", predictions.toString(), "--json", "--parser", "ibm-reference");
        assertThat(r.exit()).isZero();
        JsonNode reference = Json.MAPPER.readTree(r.out());
        assertThat(lenient.at("/intent/list/f1").asDouble()).isEqualTo(1.0);
        assertThat(reference.get("parsed").asInt()).isEqualTo(1);
        assertThat(reference.at("/per_sample/0/parse_stage").asText()).isEqualTo("ibm_reference");
        int firstGold = samples.get(0).output().size();
        int allGold = samples.stream().mapToInt(s -> s.output().size()).sum();
        assertThat(reference.at("/intent/list/precision").asDouble()).isEqualTo(1.0);
        assertThat(reference.at("/intent/list/recall").asDouble()).isEqualTo((double) firstGold / allGold);
    }

    @Test
    void missingFilesAreClearErrors() {
        CliRun r = CliRun.of("rescore", "--eval-set", dir.resolve("nope.json").toString(), "--predictions", dir.resolve("p.jsonl").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("eval set " + dir.resolve("nope.json") + ": no such file");
        CliRun r2 = CliRun.of("rescore", "--eval-set", data("invocable-icl/examples_icl_slot_filling.json").toString(), "--predictions", dir.resolve("p.jsonl").toString());
        assertThat(r2.exit()).isEqualTo(2);
        assertThat(r2.err()).contains("predictions " + dir.resolve("p.jsonl") + ": no such file");
    }

    @Test
    void finalAnswersScoreCompletionOnly() throws Exception {
        Path evalSet = dev.ibench.testing.SuperheroEvalSets.slot();
        List<EvalSample> samples = EvalSetReader.read(evalSet).subList(0, 6);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            EvalSample s = samples.get(i);
            Object answer = switch (i) {
                case 0, 1 -> s.goldAnswer();                                                       // a JSON value
                case 2, 3 -> "$RESULT_3$: " + Json.MAPPER.writeValueAsString(s.goldAnswer());       // an agent's text
                default -> "-123456789.5";                                                           // wrong
            };
            lines.add(Json.MAPPER.writeValueAsString(Map.of("sample_id", s.sampleId(), "final_answer", answer)));
        }
        lines.add("{\"sample_id\": \"no-such-sample\", \"final_answer\": 1}");
        Path file = dir.resolve("answers.jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");

        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--final-answers", file.toString(),
                "--data-root", dev.ibench.testing.SuperheroEvalSets.dataRoot().toString(), "--json");
        assertThat(r.exit()).as("one line skipped: " + r.err()).isEqualTo(1);
        assertThat(r.err()).contains("no-such-sample");
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertThat(j.get("answered").asInt()).isEqualTo(6);
        assertThat(j.get("completed").asInt()).isEqualTo(4);
        assertThat(j.get("completion_rate").asDouble()).isCloseTo(4.0 / 6, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(j.get("completed_by_sample").get(samples.get(5).sampleId()).asBoolean()).isFalse();

        CliRun both = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--final-answers", file.toString(), "--predictions", file.toString());
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("exactly one of --predictions");
    }
}
