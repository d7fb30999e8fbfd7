package dev.ibench.core.nestful;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.TestData;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NestfulImporterTest {
    @TempDir Path dir;

    @Test
    void theBundledRowsImportWithReferencesAndOutputSpecsKept() {
        NestfulImporter.Result result = NestfulImporter.read(TestData.root().resolve("nestful/nestful_v2_sample50.jsonl"));
        assertThat(result.rejected()).isEmpty();
        assertThat(result.samples()).hasSize(50);
        EvalSample first = result.samples().get(0);
        assertThat(first.datasetName()).isEqualTo("nestful");
        assertThat(first.goldAnswer()).isEqualTo("+123");
        assertThat(first.output()).extracting(c -> c.name()).containsExactly("generate_integer_string", "altered_string");
        assertThat(first.output().get(1).arguments()).containsEntry("s", "$var1.output_0$");
        assertThat(first.output().get(1).label()).isEqualTo("$var2");
        assertThat(first.tools()).allSatisfy(t -> assertThat(t).containsKeys("name", "parameters", "output_parameters"));
        assertThat(result.samples().get(1).output().get(1).arguments()).containsEntry("arg_0", "$var_1.result$");
    }

    @Test
    void unusableRowsAreListedWithLineAndReasonAndTheRestImported() throws Exception {
        String tools = "[{\"name\":\"add\",\"parameters\":{}},{\"name\":\"divide\",\"parameters\":{}}]";
        String good = "{\"sample_id\":\"ok\",\"input\":\"q\",\"gold_answer\":1,\"tools\":" + tools
                + ",\"output\":[{\"name\":\"add\",\"arguments\":{\"arg_0\":1},\"label\":\"$var_1\"},"
                + "{\"name\":\"divide\",\"arguments\":{\"arg_0\":\"$var_1.result\"},\"label\":\"$var_2\"}]}";
        List<String> lines = List.of(
                good,
                "{not json",
                "{\"sample_id\":\"noinput\",\"gold_answer\":1,\"tools\":" + tools + ",\"output\":[{\"name\":\"add\",\"arguments\":{}}]}",
                "{\"sample_id\":\"unknown-tool\",\"input\":\"q\",\"gold_answer\":1,\"tools\":" + tools + ",\"output\":[{\"name\":\"pow\",\"arguments\":{}}]}",
                "{\"sample_id\":\"forward-ref\",\"input\":\"q\",\"gold_answer\":1,\"tools\":" + tools
                        + ",\"output\":[{\"name\":\"add\",\"arguments\":{\"arg_0\":\"$var_2.result$\"},\"label\":\"$var_1\"}]}",
                "{\"sample_id\":\"nogold\",\"input\":\"q\",\"tools\":" + tools + ",\"output\":[{\"name\":\"add\",\"arguments\":{}}]}",
                good);
        Path file = dir.resolve("rows.jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");

        NestfulImporter.Result result = NestfulImporter.read(file);

        assertThat(result.samples()).extracting(EvalSample::sampleId).containsExactly("ok");
        assertThat(result.rejected()).extracting(NestfulImporter.RejectedRow::line).containsExactly(2, 3, 4, 5, 6, 7);
        Map<Integer, String> reasons = new java.util.HashMap<>();
        result.rejected().forEach(r -> reasons.put(r.line(), r.reason()));
        assertThat(reasons.get(2)).startsWith("not valid JSON");
        assertThat(reasons.get(3)).contains("no 'input'");
        assertThat(reasons.get(4)).contains("'pow' is not among the row's tools");
        assertThat(reasons.get(5)).contains("no earlier call is labelled $var_2");
        assertThat(reasons.get(6)).contains("no 'gold_answer'");
        assertThat(reasons.get(7)).contains("duplicate sample_id 'ok'");
    }
}
