package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.testing.SuperheroEvalSets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 34: a tool answer larger than {@code --max-answer-chars} is a tool error naming its size and the limit, never
 * the body; the session goes on. The answer's size is derived from the eval-set file: {@code list_samples} answers
 * the list of {@code {sample_id, input}} as text, and {@code {"samples": list}} as structured content, so
 * {@code 2 * len(list as JSON) + len("{\"samples\":}")} characters.
 */
class McpAnswerLimitTest {
    private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"list_samples\",\"arguments\":{}}}";

    private static int expectedListSamplesChars() throws Exception {
        List<Map<String, Object>> list = new ArrayList<>();
        for (JsonNode s : Json.MAPPER.readTree(SuperheroEvalSets.slot().toFile()).get("data")) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("sample_id", s.get("sample_id").asText());
            entry.put("input", s.get("input").asText());
            list.add(entry);
        }
        return 2 * Json.MAPPER.writeValueAsString(list).length() + "{\"samples\":}".length();
    }

    private static JsonNode listSamples(McpLimits limits) throws Exception {
        try (InProcessStdio stdio = new InProcessStdio(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), limits)) {
            stdio.initialize();
            stdio.send(LIST.formatted(1));
            JsonNode answer = stdio.next(10_000);
            // the session goes on either way
            stdio.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            assertThat(stdio.next(10_000).has("result")).isTrue();
            return answer.path("result");
        }
    }

    private static McpLimits withAnswerLimit(int chars) {
        McpLimits d = McpLimits.DEFAULT;
        return new McpLimits(d.maxRequestBytes(), d.maxArgumentChars(), d.maxCallsPerSample(), d.callTimeout(), chars);
    }

    @Test
    void anAnswerAtTheLimitIsSentAndOneCharacterLessRefusesIt() throws Exception {
        int size = expectedListSamplesChars();
        assertThat(size).as("the superhero SLOT set lists more than the smallest limit").isGreaterThan(1024);

        JsonNode atLimit = listSamples(withAnswerLimit(size));
        assertThat(atLimit.path("isError").asBoolean()).as(atLimit.toString()).isFalse();
        String text = atLimit.path("content").get(0).path("text").asText();
        assertThat(text.length() + Json.MAPPER.writeValueAsString(atLimit.path("structuredContent")).length()).isEqualTo(size);

        JsonNode over = listSamples(withAnswerLimit(size - 1));
        assertThat(over.path("isError").asBoolean()).isTrue();
        assertThat(over.has("structuredContent")).as("no part of the answer is sent").isFalse();
        assertThat(over.path("content").get(0).path("text").asText())
                .isEqualTo("Error: list_samples: the answer is " + size + " characters (text and structured content as JSON); at most "
                        + (size - 1) + " are sent (serve-tools --max-answer-chars). Ask for less, e.g. select fewer columns or filter rows first");
    }

    @Test
    void theDefaultIsOneMebibyteAndLimitsBelow1024AreRefusedNamingTheFlag() {
        assertThat(McpLimits.DEFAULT.maxAnswerChars()).isEqualTo(1 << 20);
        assertThatThrownBy(() -> withAnswerLimit(1023)).hasMessage("--max-answer-chars must be at least 1024, got 1023");
    }

    @Test
    void aToolOfTheBenchmarkIsLimitedToo() throws Exception {
        try (InProcessStdio stdio = new InProcessStdio(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), withAnswerLimit(4096))) {
            stdio.initialize();
            JsonNode first = Json.MAPPER.readTree(SuperheroEvalSets.slot().toFile()).get("data").get(0);
            stdio.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"start_sample\",\"arguments\":{\"sample_id\":"
                    + Json.MAPPER.writeValueAsString(first.get("sample_id").asText()) + "}}}");
            JsonNode started = stdio.next(10_000).path("result");
            assertThat(started.path("isError").asBoolean()).as(started.toString()).isFalse();
            // every hero name of the joined superhero data (one row per hero and power): far more than 4096 characters
            stdio.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"retrieve_data\",\"arguments\":{"
                    + "\"data_source\":\"$starting_table_var$\",\"key_name\":\"superhero_superhero_name\",\"distinct\":false,\"limit\":-1}}}");
            JsonNode answer = stdio.next(30_000).path("result");
            assertThat(answer.path("isError").asBoolean()).as(answer.toString()).isTrue();
            assertThat(answer.path("content").get(0).path("text").asText()).startsWith("Error: retrieve_data: the answer is ")
                    .contains("at most 4096 are sent");
        }
    }
}
