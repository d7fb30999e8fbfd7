package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29, item 4: {@code serve-tools DIR --mcp} picks DIR's only eval set; the build's other files do not count. */
class McpEvalSetChoiceTest {
    @TempDir Path dir;

    @Test
    void artifactsAndCoverageNextToOneEvalSetLeaveThatEvalSet() throws Exception {
        Path sel = Files.writeString(dir.resolve("bird-superhero-sel.json"), "[{\"sample_id\": \"superhero-1\"}]");
        Files.writeString(dir.resolve("artifacts.json"), "{\"bird-superhero-sel.json\": \"sha256:" + "0".repeat(64) + "\"}");
        Files.writeString(dir.resolve("coverage.json"), "{\"questions\": 3, \"by_db\": {}}");
        Files.writeString(dir.resolve("notes.json"), "{\"data\": [1, 2]}");
        assertThat(McpEvalSetChoice.resolve(dir, null)).isEqualTo(sel);
    }

    @Test
    void twoEvalSetsStillNeedAChoiceAndTheMessageNamesOnlyEvalSets() throws Exception {
        Files.writeString(dir.resolve("a.json"), "[{\"sample_id\": \"1\"}]");
        Files.writeString(dir.resolve("b.json"), "{\"data\": [{\"sample_id\": \"2\"}]}");
        Files.writeString(dir.resolve("artifacts.json"), "{\"a.json\": \"sha256:" + "0".repeat(64) + "\"}");
        assertThatThrownBy(() -> McpEvalSetChoice.resolve(dir, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(dir + " holds 2 eval sets; choose one with --eval-set: a.json, b.json");
    }
}
