package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalSetReaderTest {
    @TempDir Path dir;

    private static final String SAMPLE = "{\"sample_id\": 7, \"input\": \"q\", \"output\": [{\"name\": \"f\", \"arguments\": {\"a\": 1}, \"label\": \"X\"}], \"gold_answer\": 3}";

    private List<EvalSample> read(String content) throws Exception {
        Path file = dir.resolve("set.json");
        Files.writeString(file, content);
        return EvalSetReader.read(file);
    }

    @Test
    void arrayDataObjectAndJsonLinesLayouts() throws Exception {
        assertThat(read("[" + SAMPLE + "]")).singleElement().satisfies(s -> {
            assertThat(s.sampleId()).isEqualTo("7");
            assertThat(s.output().get(0).name()).isEqualTo("f");
        });
        assertThat(read("{\"data\": [" + SAMPLE + ", " + SAMPLE.replace("7", "8") + "]}")).hasSize(2);
        assertThat(read(SAMPLE + "\n" + SAMPLE.replace("7", "8") + "\n")).extracting(EvalSample::sampleId).containsExactly("7", "8");
    }

    @Test
    void goldOutputStoredAsJsonString() throws Exception {
        List<EvalSample> samples = read("[{\"sample_id\": \"a\", \"output\": \"[{\\\"name\\\": \\\"g\\\", \\\"arguments\\\": {}}]\"}]");
        assertThat(samples.get(0).output().get(0).name()).isEqualTo("g");
    }

    @Test
    void clearErrors() {
        assertThatThrownBy(() -> read("{\"samples\": []}")).hasMessageContaining("expected a JSON array of samples or an object with a 'data' array");
        assertThatThrownBy(() -> read("[{\"sample_id\": 1,")).hasMessageContaining("not valid JSON");
        // an array is read one sample at a time: an unclosed array or content after it is still refused as a whole
        assertThatThrownBy(() -> read("[" + SAMPLE)).hasMessageContaining("set.json: not valid JSON");
        assertThatThrownBy(() -> read("[" + SAMPLE + "] []")).hasMessageContaining("set.json: not valid JSON: more content after the array");
        assertThatThrownBy(() -> read("[" + SAMPLE + ", 5]")).hasMessageContaining("sample #1: not an eval sample");
        assertThatThrownBy(() -> read("[{\"input\": \"no id\"}]")).hasMessageContaining("sample #0: sample has no sample_id");
        assertThatThrownBy(() -> EvalSetReader.read(dir.resolve("missing.json"))).hasMessageContaining("missing.json: no such file");
        assertThatThrownBy(() -> read(SAMPLE + "\n{broken\n")).hasMessageContaining("line 2: not valid JSON");
    }
}
