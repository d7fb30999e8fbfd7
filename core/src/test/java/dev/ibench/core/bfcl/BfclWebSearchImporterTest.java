package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Importing a web-search category from files laid out as bfcl-eval's {@code bfcl_eval/data} (hand-written rows). */
class BfclWebSearchImporterTest {
    @TempDir
    Path data;

    private Path layout() throws IOException {
        Files.createDirectories(data.resolve("possible_answer"));
        Files.createDirectories(data.resolve("multi_turn_func_doc"));
        Files.writeString(data.resolve("BFCL_v4_web_search.json"), String.join("\n",
                "{\"id\": \"web_search_0\", \"question\": [[{\"role\": \"user\", \"content\": \"Who won?\"}]], \"involved_classes\": [\"WebSearchAPI\"]}",
                "{\"id\": \"web_search_1\", \"question\": [[{\"role\": \"user\", \"content\": \"a\"}], [{\"role\": \"user\", \"content\": \"b\"}]]}",
                "{\"id\": \"web_search_2\", \"question\": [[{\"role\": \"user\", \"content\": \"No answer?\"}]]}",
                "{\"id\": \"memory_3\", \"question\": [[{\"role\": \"user\", \"content\": \"x\"}]]}"));
        Files.writeString(data.resolve("possible_answer/BFCL_v4_web_search.json"), String.join("\n",
                "{\"id\": \"web_search_0\", \"ground_truth\": [\"Zhang Yiming\", \"Yiming Zhang\"]}",
                "{\"id\": \"web_search_1\", \"ground_truth\": [\"x\"]}",
                "{\"id\": \"memory_3\", \"ground_truth\": [\"y\"]}"));
        Files.writeString(data.resolve("multi_turn_func_doc/web_search.json"),
                "{\"name\": \"search_engine_query\", \"description\": \"d\", \"parameters\": {\"type\": \"dict\", \"properties\": {}, \"required\": []}}\n");
        return data.resolve("BFCL_v4_web_search.json");
    }

    @Test
    void questionsAreOneTurnEntriesOfTheBackendWithTheAnswerFormatAndIdsRenamedForTheCategory() throws IOException {
        BfclMultiTurnImporter.Result r = BfclWebSearchImporter.read(layout(), "web_search_base");
        assertThat(r.entries()).extracting(BfclMultiTurnEntry::id).containsExactly("web_search_base_0");
        BfclMultiTurnEntry e = r.entries().get(0);
        assertThat(e.category()).isEqualTo("web_search_base");
        assertThat(e.involvedClasses()).containsExactly("WebSearchAPI");
        assertThat(e.initialConfig()).isEqualTo(Map.of("WebSearchAPI", Map.of("show_snippet", true)));
        assertThat(e.turns()).hasSize(1);
        assertThat(e.turns().get(0)).containsExactly(
                Map.of("role", "system", "content", BfclAgenticChecker.ANSWER_FORMAT),
                Map.of("role", "user", "content", "Who won?"));
        assertThat(BfclAgenticChecker.ANSWER_FORMAT).startsWith("For your final answer to the user, you must respond in this format: {'answer'")
                .endsWith("cannot be answered}.\n");
        assertThat(e.groundTruth()).containsExactly(List.of("Zhang Yiming", "Yiming Zhang"));
        assertThat(e.missedFunction()).isEmpty();
        assertThat(r.functionDocs().get("WebSearchAPI")).extracting(d -> d.get("name")).containsExactly("search_engine_query");
        assertThat(r.rejected()).extracting(BfclImporter.RejectedRow::line, BfclImporter.RejectedRow::reason).containsExactly(
                Tuple.tuple(2, "'question' is not one turn (a list of messages)"),
                Tuple.tuple(3, "no possible answer with id 'web_search_2'"),
                Tuple.tuple(4, "id 'memory_3' is not a web-search question"));
    }

    @Test
    void noSnippetIsTheSameQuestionWithSnippetsTurnedOff() throws IOException {
        BfclMultiTurnEntry e = BfclWebSearchImporter.read(layout(), "web_search_no_snippet").entries().get(0);
        assertThat(e.id()).isEqualTo("web_search_no_snippet_0");
        assertThat(e.initialConfig()).isEqualTo(Map.of("WebSearchAPI", Map.of("show_snippet", false)));
        assertThat(e.turns().get(0).get(1)).isEqualTo(Map.of("role", "user", "content", "Who won?"));
    }

    @Test
    void missingFilesBesideTheTestsAndOtherCategoriesAreRefused() throws IOException {
        Path tests = layout();
        assertThatThrownBy(() -> BfclWebSearchImporter.read(tests, "memory_kv")).hasMessageContaining("not a BFCL web-search category: 'memory_kv'");
        Files.delete(data.resolve("multi_turn_func_doc/web_search.json"));
        assertThatThrownBy(() -> BfclWebSearchImporter.read(tests, "web_search_base"))
                .hasMessageContaining("BFCL category web_search_base needs").hasMessageContaining("web_search.json").hasMessageContaining("missing");
    }
}
