package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Eval sets are told from a build folder's other files by what they hold, whatever their names. */
class EvalSetFilesTest {
    @TempDir Path dir;

    private Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void theThreeEvalSetLayoutsAreEvalSets() throws Exception {
        assertThat(EvalSetFiles.isEvalSet(file("a.json", "[{\"sample_id\": \"s1\", \"input\": \"q\"}]"))).isTrue();
        assertThat(EvalSetFiles.isEvalSet(file("b.json", "{\"style\": \"bfcl\", \"category\": \"simple\", \"data\": [{\"sample_id\": \"simple_0\"}]}")))
                .isTrue();
        assertThat(EvalSetFiles.isEvalSet(file("c.jsonl", "{\"sample_id\": \"n1\", \"input\": \"x\"}\n{\"sample_id\": \"n2\"}\n"))).isTrue();
        assertThat(EvalSetFiles.isEvalSet(file("named-anything.txt", "[{\"sample_id\": 7}]"))).as("by content, not by name").isTrue();
    }

    @Test
    void buildReportsAndOtherFilesAreNot() throws Exception {
        assertThat(EvalSetFiles.isEvalSet(file("artifacts.json",
                "{\"bird-superhero-sel.json\": \"sha256:" + "a".repeat(64) + "\"}"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(file("coverage.json",
                "{\"questions\": 129, \"in_scope\": 80, \"verified\": 75, \"by_reason\": {}, \"by_db\": {\"superhero\": {}}}"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(file("bfcl-simple-import.json", "{\"file\": \"x\", \"eval_set\": \"y\", \"imported\": 3}"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(file("data-of-other-things.json", "{\"data\": [{\"id\": 1}]}"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(file("empty.json", "[]"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(file("numbers.json", "[1, 2, 3]"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(file("truncated.json", "[{\"sample_"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(Files.write(dir.resolve("binary.json"), new byte[] {0, 1, 2, (byte) 0xff, 0x7f}))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(dir.resolve("missing.json"))).isFalse();
        assertThat(EvalSetFiles.isEvalSet(dir)).as("a folder").isFalse();
    }
}
