package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link BfclMultiTurnImporter} and {@link BfclMultiTurnEntry#functionsAt} on small files written in bfcl-eval's layout. */
class BfclMultiTurnImporterTest {
    @TempDir Path dir;

    private Path docs() throws Exception {
        Path docs = Files.createDirectories(dir.resolve("multi_turn_func_doc"));
        Files.writeString(docs.resolve("gorilla_file_system.json"), """
                {"name": "cd", "description": "Change directory.", "parameters": {"type": "dict", "properties": {"folder": {"type": "string"}}, "required": ["folder"]}}
                {"name": "mkdir", "description": "Make a directory.", "parameters": {"type": "dict", "properties": {"dir_name": {"type": "string"}}, "required": ["dir_name"]}}
                """);
        Files.writeString(docs.resolve("math_api.json"), """
                {"name": "add", "description": "Add.", "parameters": {"type": "dict", "properties": {"a": {"type": "float"}, "b": {"type": "float"}}, "required": ["a", "b"]}}
                """);
        return docs;
    }

    @Test
    void readsTurnsStateClassesMissedFunctionsAndGroundTruth() throws Exception {
        Path tests = dir.resolve("BFCL_v4_multi_turn_miss_func.json");
        Files.writeString(tests, """
                {"id": "multi_turn_miss_func_0", "question": [[{"role": "user", "content": "Go to docs and make tmp"}], [], [{"role": "user", "content": "add 1 and 2"}]], "initial_config": {"GorillaFileSystem": {"root": {"w": {"type": "directory", "contents": {}}}}}, "involved_classes": ["GorillaFileSystem", "MathAPI"], "missed_function": {"1": ["mkdir"]}}
                {"id": "multi_turn_miss_func_1", "question": [[{"role": "user", "content": "x"}]], "initial_config": {}, "involved_classes": ["WebSearchAPI"]}
                {"id": "multi_turn_miss_func_2", "question": [[{"role": "user", "content": "x"}], [{"role": "user", "content": "y"}]], "initial_config": {}, "involved_classes": ["MathAPI"]}
                {"id": "multi_turn_miss_func_3", "question": [[{"role": "user", "content": "x"}]], "initial_config": {}, "involved_classes": ["MathAPI"]}
                {"id": "multi_turn_base_4", "question": [[{"role": "user", "content": "x"}]], "initial_config": {}, "involved_classes": ["MathAPI"]}
                """);
        Path answers = dir.resolve("answers.json");
        Files.writeString(answers, """
                {"id": "multi_turn_miss_func_0", "ground_truth": [["cd(folder='w')"], [], ["mkdir(dir_name='tmp')", "add(a=1, b=2)"]]}
                {"id": "multi_turn_miss_func_1", "ground_truth": [["search()"]]}
                {"id": "multi_turn_miss_func_2", "ground_truth": [["add(a=1, b=2)"]]}
                {"id": "multi_turn_base_4", "ground_truth": [["add(a=1, b=2)"]]}
                """);
        BfclMultiTurnImporter.Result r = BfclMultiTurnImporter.read(tests, answers, docs(), "multi_turn_miss_func");

        assertThat(r.entries()).hasSize(1);
        BfclMultiTurnEntry e = r.entries().get(0);
        assertThat(e.turns()).hasSize(3);
        assertThat(e.turns().get(1)).isEmpty();
        assertThat(e.involvedClasses()).containsExactly("GorillaFileSystem", "MathAPI");
        assertThat(e.initialConfig()).containsKey("GorillaFileSystem");
        assertThat(e.missedFunction()).isEqualTo(Map.of("1", List.of("mkdir")));
        assertThat(e.groundTruth()).containsExactly(List.of("cd(folder='w')"), List.of(), List.of("mkdir(dir_name='tmp')", "add(a=1, b=2)"));
        assertThat(e.longContext()).isFalse();
        assertThat(r.functionDocs().keySet()).containsExactly("GorillaFileSystem", "MathAPI");
        // held out until turn 1, then offered after the others (bfcl-eval appends the missed function's doc)
        assertThat(e.functionsAt(0, r.functionDocs()).stream().map(f -> f.get("name"))).containsExactly("cd", "add");
        assertThat(e.functionsAt(1, r.functionDocs()).stream().map(f -> f.get("name"))).containsExactly("cd", "add", "mkdir");
        assertThat(e.functionsAt(2, r.functionDocs()).stream().map(f -> f.get("name"))).containsExactly("cd", "add", "mkdir");

        assertThat(r.rejected()).extracting(BfclImporter.RejectedRow::line).containsExactly(2, 3, 4, 5);
        assertThat(r.rejected().get(0).reason()).contains("'WebSearchAPI' is not a multi-turn backend");
        assertThat(r.rejected().get(1).reason()).isEqualTo("ground truth has 1 turns, the question 2");
        assertThat(r.rejected().get(2).reason()).contains("no ground truth with id 'multi_turn_miss_func_3'");
        assertThat(r.rejected().get(3).reason()).contains("is not of category multi_turn_miss_func");
    }

    @Test
    void missingAnswersOrFunctionDocsAreNamed() throws Exception {
        Path tests = dir.resolve("t.json");
        Files.writeString(tests, "{}\n");
        assertThatThrownBy(() -> BfclMultiTurnImporter.read(tests, null, docs(), "multi_turn_base")).hasMessageContaining("give --answers");
        assertThatThrownBy(() -> BfclMultiTurnImporter.read(tests, tests, dir.resolve("none"), "multi_turn_base"))
                .hasMessageContaining("--function-docs").hasMessageContaining(dir.resolve("none").toString());
        Path singleTurnAnswers = dir.resolve("a.json");
        Files.writeString(singleTurnAnswers, "{\"id\": \"simple_0\", \"ground_truth\": [{\"f\": {\"x\": [1]}}]}\n");
        assertThatThrownBy(() -> BfclMultiTurnImporter.read(tests, singleTurnAnswers, docs(), "multi_turn_base"))
                .hasMessageContaining("line 1").hasMessageContaining("not a multi-turn possible answer");
    }

    @Test
    void theWrittenEvalSetReadsBackTheSameEntries() throws Exception {
        BfclMultiTurnEntry e = new BfclMultiTurnEntry("multi_turn_long_context_0", "multi_turn_long_context",
                List.of(List.of(Map.of("role", "user", "content", "hi"))), List.of("MathAPI"), Map.of(), Map.of(), List.of(List.of("add(a=1, b=2)")));
        Path file = dir.resolve("set.json");
        Files.writeString(file, new BfclMultiTurnEvalSet("multi_turn_long_context", "src.json", Map.of("MathAPI", List.of()), List.of(e)).toJson().toString());
        BfclMultiTurnEvalSet read = BfclMultiTurnEvalSet.read(file);
        assertThat(read.entries()).containsExactly(e);
        assertThat(read.entries().get(0).longContext()).isTrue();
        Files.writeString(file, "{\"style\": \"bfcl\", \"data\": []}");
        assertThatThrownBy(() -> BfclMultiTurnEvalSet.read(file)).hasMessageContaining("not a multi-turn eval set");
    }

    @Test
    void aMissingPackageIsNamedWithHowToInstallIt() {
        assertThatThrownBy(() -> BfclEvalPackage.at(dir.resolve("nowhere")))
                .hasMessageContaining(dir.resolve("nowhere").toString())
                .hasMessageContaining("install-bfcl-eval.sh").hasMessageContaining("IBENCH_BFCL_EVAL");
    }
}
