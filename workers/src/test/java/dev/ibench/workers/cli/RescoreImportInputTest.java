package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.testing.BundledData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rescore} and {@code import} on files a user gets wrong: a binary file is named as binary (not "Input length =
 * 1"), an empty predictions file is an error, a BFCL file of another category is refused, and rescore run from any
 * folder finds the databases under the data root the eval set records.
 */
class RescoreImportInputTest {
    private static final byte[] BINARY = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', 0, 0x10, (byte) 0xff, (byte) 0x80};

    @TempDir Path dir;

    private static Path data(String relative) {
        return BundledData.file(relative);
    }

    private Path goldPredictions(Path evalSet) throws Exception {
        List<String> lines = new ArrayList<>();
        for (EvalSample s : EvalSetReader.read(evalSet)) {
            lines.add(Json.MAPPER.writeValueAsString(Map.of("sample_id", s.sampleId(), "generated_text", Json.MAPPER.writeValueAsString(s.output()))));
        }
        return Files.writeString(dir.resolve("gold.jsonl"), String.join("\n", lines) + "\n");
    }

    @Test
    void aBinaryPredictionsFileIsNamedAsBinary() throws Exception {
        Path binary = Files.write(dir.resolve("predictions.jsonl"), BINARY);
        CliRun r = CliRun.of("rescore", "--eval-set", data("invocable-icl/examples_icl_sequencing.json").toString(),
                "--predictions", binary.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(binary.toString()).contains("a binary file").doesNotContain("Input length");
        Path binarySet = Files.write(dir.resolve("set.json"), BINARY);
        CliRun set = CliRun.of("rescore", "--eval-set", binarySet.toString(), "--predictions", binary.toString());
        assertThat(set.exit()).isEqualTo(2);
        assertThat(set.err()).contains("eval set " + binarySet + ": a binary file");
        CliRun answers = CliRun.of("rescore", "--eval-set", data("invocable-icl/examples_icl_sequencing.json").toString(),
                "--final-answers", binary.toString());
        assertThat(answers.exit()).isEqualTo(2);
        assertThat(answers.err()).contains("final answers file " + binary + ": a binary file");
    }

    @Test
    void anEmptyPredictionsFileIsAnError() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "\n");
        CliRun r = CliRun.of("rescore", "--eval-set", data("invocable-icl/examples_icl_sequencing.json").toString(),
                "--predictions", empty.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(empty.toString()).contains("holds no prediction");
        assertThat(r.out()).doesNotContain("intent");
        Path garbage = Files.writeString(dir.resolve("garbage.jsonl"), "not json\n{also not\n");
        CliRun g = CliRun.of("rescore", "--eval-set", data("invocable-icl/examples_icl_sequencing.json").toString(),
                "--predictions", garbage.toString());
        assertThat(g.exit()).isEqualTo(2);
        assertThat(g.err()).contains("line 1: not valid JSON").contains("no line is a usable prediction");
    }

    @Test
    void completionUsesTheDataRootTheEvalSetRecordsFromAnyFolder() throws Exception {
        // a project folder with its own data/ and out/, as the README lays it out; the test runs from another folder
        Path project = dir.resolve("project");
        Path spider = project.resolve("data/spider");
        Files.createDirectories(spider.resolve("database/singer"));
        for (String f : List.of("dev.json", "tables.json")) {
            Files.copy(data("spider/" + f), spider.resolve(f));
        }
        Files.copy(data("spider/database/singer/singer.sqlite"), spider.resolve("database/singer/singer.sqlite"));
        Path out = project.resolve("out");
        int built = CliRun.capturing("build", "--source", "spider", "--root", spider.toString(), "--db", "singer", "--style", "slot",
                "--mode", "extended", "--out", out.toString(), "--no-publish").exit();
        assertThat(built).isZero();
        Path evalSet = out.resolve("spider-singer-slot.json");
        ObjectNode file = (ObjectNode) Json.MAPPER.readTree(evalSet.toFile());
        file.put("data_root", "data"); // as `./ibench build --root data/spider` run in the project folder records it
        Json.MAPPER.writeValue(evalSet.toFile(), file);
        assertThat(Path.of("").toAbsolutePath().startsWith(project)).isFalse();

        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", goldPredictions(evalSet).toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertThat(j.get("completion_rate").asDouble()).isEqualTo(1.0);
        assertThat(r.err()).doesNotContain("completion_rate not computed");
    }

    @Test
    void importingABinaryFileNamesItAsBinary() throws Exception {
        Path binary = Files.write(dir.resolve("tests.json"), BINARY);
        CliRun nestful = CliRun.of("import", "nestful", binary.toString(), "--out", dir.resolve("n").toString());
        assertThat(nestful.exit()).isEqualTo(2);
        assertThat(nestful.err()).contains(binary.toString()).contains("a binary file").doesNotContain("Input length");
        CliRun bfcl = CliRun.of("import", "bfcl", binary.toString(), "--category", "irrelevance", "--out", dir.resolve("b").toString());
        assertThat(bfcl.exit()).isEqualTo(2);
        assertThat(bfcl.err()).contains("BFCL test file " + binary + ": a binary file").doesNotContain("Input length");
    }

    @Test
    void aSimpleFileImportedAsMultipleIsRefused() throws Exception {
        Path out = dir.resolve("wrong");
        CliRun r = CliRun.of("import", "bfcl", data("bfcl/BFCL_v3_simple.json").toString(), "--answers",
                data("bfcl/possible_answer/BFCL_v3_multiple.json").toString(), "--category", "multiple", "--out", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("line 1: id 'simple_0' is a BFCL simple test, not multiple")
                .contains("--category simple");
        assertThat(out).doesNotExist();
    }
}
