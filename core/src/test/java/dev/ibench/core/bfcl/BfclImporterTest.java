package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BfclImporterTest {
    private static final Path DATA = Path.of("../data/bfcl").toAbsolutePath().normalize();
    private static final String PLAY = """
            {"name": "spotify.play", "description": "Play songs of an artist.", "parameters": {"type": "dict", "properties": \
            {"artist": {"type": "string"}, "duration": {"type": "integer"}}, "required": ["artist", "duration"]}}""";

    @TempDir Path dir;

    @Test
    void bundledSimpleImportsEveryRowWithItsFirstAcceptableCallsAsGold() {
        BfclImporter.Result r = BfclImporter.read(DATA.resolve("BFCL_v3_simple.json"), DATA.resolve("possible_answer/BFCL_v3_simple.json"),
                BfclCategory.SIMPLE);
        assertThat(r.samples()).hasSize(400);
        assertThat(r.rejected()).isEmpty();
        EvalSample first = r.samples().get(0);
        assertThat(first.sampleId()).isEqualTo("simple_0");
        assertThat(first.datasetName()).isEqualTo("bfcl_simple");
        assertThat(first.input()).isEqualTo("Find the area of a triangle with a base of 10 units and height of 5 units.");
        // ground truth {base: [10], height: [5], unit: ["units", ""]}: first acceptable of each
        assertThat(first.output()).containsExactly(new ToolCall("calculate_triangle_area", Map.of("base", 10, "height", 5, "unit", "units"), null));
        // simple_2: z: ["", 0] marks z optional, so the gold call leaves it out
        assertThat(r.samples().get(2).output()).containsExactly(new ToolCall("math.hypot", Map.of("x", 4, "y", 5), null));
        assertThat(first.tools().get(0).get("parameters")).asString().contains("type=dict");
    }

    @Test
    void rowsThatCannotBeUsedAreListedWithLineAndReasonAndTheOthersStillImport() throws Exception {
        Path tests = dir.resolve("tests.json");
        Files.writeString(tests, String.join("\n",
                row("parallel_0", "Play Taylor Swift for 20 minutes and Maroon 5 for 15 minutes.", PLAY),
                row("parallel_1", "no answer for this one", PLAY),
                "{not json",
                row("parallel_0", "duplicate id", PLAY),
                "{\"id\": \"parallel_2\", \"question\": [[{\"role\": \"user\", \"content\": \"a\"}], [{\"role\": \"user\", \"content\": \"b\"}]], \"function\": [" + PLAY + "]}",
                row("parallel_3", "answer names a function the test lacks", PLAY + ", " + PLAY.replace("spotify.play", "spotify.pause")),
                row("parallel_4", "answer with a parameter the function lacks", PLAY)));
        Path answers = dir.resolve("answers.json");
        Files.writeString(answers, String.join("\n",
                "{\"id\": \"parallel_0\", \"ground_truth\": [{\"spotify.play\": {\"artist\": [\"Taylor Swift\"], \"duration\": [20]}}, "
                        + "{\"spotify.play\": {\"artist\": [\"Maroon 5\"], \"duration\": [15]}}]}",
                "{\"id\": \"parallel_3\", \"ground_truth\": [{\"youtube.play\": {\"artist\": [\"x\"], \"duration\": [1]}}]}",
                "{\"id\": \"parallel_4\", \"ground_truth\": [{\"spotify.play\": {\"artist\": [\"x\"], \"duration\": [1], \"volume\": [3]}}]}"));

        BfclImporter.Result r = BfclImporter.read(tests, answers, BfclCategory.PARALLEL);

        assertThat(r.samples()).extracting(EvalSample::sampleId).containsExactly("parallel_0", "parallel_4");
        assertThat(r.samples().get(0).output()).containsExactly(
                new ToolCall("spotify.play", Map.of("artist", "Taylor Swift", "duration", 20), null),
                new ToolCall("spotify.play", Map.of("artist", "Maroon 5", "duration", 15), null));
        assertThat(r.rejected()).extracting(BfclImporter.RejectedRow::line).containsExactly(2, 3, 4, 5, 6);
        assertThat(r.rejected().get(0).reason()).contains("no possible answer with id 'parallel_1'");
        assertThat(r.rejected().get(1).reason()).startsWith("not valid JSON");
        assertThat(r.rejected().get(2).reason()).contains("duplicate id 'parallel_0'");
        assertThat(r.rejected().get(3).reason()).contains("2 turns");
        assertThat(r.rejected().get(4).reason()).contains("youtube.play");
        // a possible answer that fails its own check stays in the denominator, as BFCL's scorer keeps it
        assertThat(r.defective()).extracting(BfclImporter.RejectedRow::line, BfclImporter.RejectedRow::id).containsExactly(tuple(7, "parallel_4"));
        assertThat(r.defective().get(0).reason()).contains("fail the AST check").contains("volume").contains("counted wrong");
    }

    @Test
    void irrelevanceRowsHaveNoGoldCallsAndNeedNoAnswersAndSystemPromptsStayInTheQuestion() throws Exception {
        Path tests = dir.resolve("irrelevance.json");
        Files.writeString(tests, "{\"id\": \"live_irrelevance_0-0-0\", \"question\": [[{\"role\": \"system\", \"content\": \"Be brief.\"}, "
                + "{\"role\": \"user\", \"content\": \"What is the weather?\"}]], \"function\": [" + PLAY + "]}\n");

        BfclImporter.Result r = BfclImporter.read(tests, null, BfclCategory.LIVE_IRRELEVANCE);

        assertThat(r.rejected()).isEmpty();
        EvalSample sample = r.samples().get(0);
        assertThat(sample.datasetName()).isEqualTo("bfcl_live_irrelevance");
        assertThat(sample.output()).isEmpty();
        assertThat(sample.goldAnswer()).isNull();
        assertThat(sample.input()).isEqualTo("system: Be brief.\nuser: What is the weather?");
        assertThatThrownBy(() -> BfclImporter.read(tests, tests, BfclCategory.LIVE_IRRELEVANCE)).hasMessageContaining("drop --answers");
        assertThatThrownBy(() -> BfclImporter.read(tests, null, BfclCategory.LIVE_SIMPLE)).hasMessageContaining("give --answers");
    }

    @Test
    void unknownCategoriesAreRejectedWithTheValidOnes() {
        assertThatThrownBy(() -> BfclCategory.parse("java")).hasMessageContaining("unknown BFCL category 'java'")
                .hasMessageContaining("live_parallel_multiple");
        assertThat(BfclCategory.ofDataset("bfcl_live_parallel")).contains(BfclCategory.LIVE_PARALLEL);
        assertThat(BfclCategory.ofDataset("nestful")).isEmpty();
        assertThat(List.of(BfclCategory.values())).filteredOn(c -> !c.needsAnswers())
                .containsExactly(BfclCategory.IRRELEVANCE, BfclCategory.LIVE_IRRELEVANCE, BfclCategory.LIVE_RELEVANCE);
    }

    private static String row(String id, String question, String functions) {
        return "{\"id\": \"" + id + "\", \"question\": [[{\"role\": \"user\", \"content\": \"" + question + "\"}]], \"function\": [" + functions + "]}";
    }
}
