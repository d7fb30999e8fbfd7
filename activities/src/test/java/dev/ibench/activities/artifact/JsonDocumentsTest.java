package dev.ibench.activities.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streamed database_path scan and rewrite, on the shapes a tree walk would handle: depth, JSON Lines, odd values. */
class JsonDocumentsTest {
    @TempDir Path dir;

    private static final String FIRST = """
            {"data": [{"sample_id": "a", "initialization_step": {"database_path": "x/one.sqlite"}},
                      {"sample_id": "b", "input": "database_path", "steps": [{"database_path": "x/two.sqlite"}]},
                      {"sample_id": "c", "database_path": {"database_path": "inside/a/non-text/value.sqlite"}},
                      {"sample_id": "d", "database_path": 7, "note": "x/one.sqlite"}],
             "nested": {"data_root": "/not/the/root/one"},
             "data_root": "/root/of/first"}""".replace("\n", " ");
    private static final String SECOND = "[{\"database_path\": \"x/one.sqlite\", \"data_root\": \"/not/a/root/object\"}]";

    @Test
    void findsTextPathsAtAnyDepthWithEachDocumentsOwnRootDataRoot() throws Exception {
        Path file = Files.writeString(dir.resolve("set.jsonl"), FIRST + "\n" + SECOND + "\n");
        assertThat(JsonDocuments.databasePaths(file)).containsExactly(
                new JsonDocuments.DatabasePaths(List.of("x/one.sqlite", "x/two.sqlite"), "/root/of/first"),
                new JsonDocuments.DatabasePaths(List.of("x/one.sqlite"), null));
    }

    @Test
    void rewritesOnlyTextDatabasePathsItKnowsAndKeepsEveryDocument() throws Exception {
        Path file = Files.writeString(dir.resolve("set.jsonl"), FIRST + "\n" + SECOND + "\n");
        Path copy = dir.resolve("copy.jsonl");
        JsonDocuments.copyReplacingDatabasePaths(file, copy, Map.of("x/one.sqlite", "/local/one.sqlite"));

        List<String> lines = Files.readAllLines(copy);
        assertThat(lines).hasSize(2);
        JsonNode first = Json.MAPPER.readTree(lines.get(0));
        JsonNode expected = Json.MAPPER.readTree(FIRST);
        ((com.fasterxml.jackson.databind.node.ObjectNode) expected.get("data").get(0).get("initialization_step"))
                .put("database_path", "/local/one.sqlite");
        assertThat(first).as("only the known text path changed; 'note' with the same text and x/two stay").isEqualTo(expected);
        assertThat(Json.MAPPER.readTree(lines.get(1)).get(0).get("database_path").asText()).isEqualTo("/local/one.sqlite");
    }
}
