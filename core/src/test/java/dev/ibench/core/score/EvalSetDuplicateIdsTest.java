package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, unclear messages: an eval set with two samples of one {@code sample_id} passed {@code campaign start}
 * (which checks sets with {@link EvalSetCheck}) and the campaign then FAILED with no reason in {@code status}. The
 * check now refuses it naming the id and both samples.
 */
class EvalSetDuplicateIdsTest {
    @TempDir Path dir;

    private static String sample(String id, int i) {
        return "{\"sample_id\": \"" + id + "\", \"input\": \"question " + i + "\", \"output\": [], \"tools\": []}";
    }

    @Test
    void aRepeatedSampleIdIsRefusedNamingBothSamples() throws Exception {
        Path file = Files.writeString(dir.resolve("dup.json"), "[" + sample("a", 0) + ", " + sample("b", 1) + ", " + sample("a", 2) + "]");
        assertThatThrownBy(() -> EvalSetCheck.forEach(file, s -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eval set " + file + " sample #2: sample_id 'a' is also the id of sample #0; each sample needs its own id"
                        + " (results are stored by it)");
    }

    @Test
    void distinctIdsPass() throws Exception {
        Path file = Files.writeString(dir.resolve("ok.json"), "[" + sample("a", 0) + ", " + sample("b", 1) + "]");
        assertThat(EvalSetCheck.forEach(file, s -> { })).isEqualTo(2);
    }
}
