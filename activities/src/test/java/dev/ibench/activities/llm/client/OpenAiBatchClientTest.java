package dev.ibench.activities.llm.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.testing.batch.StandInBatchApi;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link OpenAiBatchClient} against the stand-in Batch API (a test tool written from OpenAI's reference). */
class OpenAiBatchClientTest {
    /** Answers "echo <prompt>" with 7 prompt and 2 completion tokens, as a completions or chat body. */
    private static JsonNode echo(JsonNode body) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        ObjectNode choice = out.putArray("choices").addObject();
        if (body.has("prompt")) {
            choice.put("text", "echo " + body.path("prompt").asText());
        } else {
            choice.putObject("message").put("role", "assistant").put("content", "echo " + body.path("messages").path(0).path("content").asText());
        }
        choice.put("finish_reason", "stop");
        out.putObject("usage").put("prompt_tokens", 7).put("completion_tokens", 2);
        return out;
    }

    private final StandInBatchApi api = StandInBatchApi.start(OpenAiBatchClientTest::echo, 3, 100_000);
    private final OpenAiBatchClient client = new OpenAiBatchClient(api.baseUrl(), ApiKey.none(), Duration.ofSeconds(10));

    @AfterEach
    void stop() {
        client.close();
        api.close();
    }

    private static ModelRequest raw(String prompt) {
        return new ModelRequest("m", RenderedPrompt.raw(prompt), new DecodingSettings(16, 0.0, List.of(), null), "s");
    }

    private byte[] file(Map<String, ModelRequest> lines) {
        StringBuilder jsonl = new StringBuilder();
        lines.forEach((id, request) -> jsonl.append(client.inputLine(id, request)).append('\n'));
        return jsonl.toString().getBytes(StandardCharsets.UTF_8);
    }

    private BatchObject waitForEnd(String batchId) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            BatchObject batch = client.retrieve(batchId);
            if (batch.ended()) {
                return batch;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("batch " + batchId + " did not end");
    }

    @Test
    void aBatchGoesThroughUploadCreateAndItsOutputLinesReadAsNormalAnswers() throws Exception {
        api.setProcessingTime(Duration.ofMillis(200));
        Map<String, ModelRequest> lines = new LinkedHashMap<>();
        lines.put("q1#0", raw("one"));
        lines.put("q2#0", raw("two"));
        assertThat(client.requestUrl(raw("x"))).isEqualTo("/v1/completions");
        String fileId = client.upload(file(lines), "part.jsonl");
        BatchObject created = client.create(fileId, "/v1/completions", Map.of("ibench_batch_key", "k1"));
        assertThat(created.status()).isEqualTo("validating");
        assertThat(created.metadata()).containsEntry("ibench_batch_key", "k1");
        assertThat(client.retrieve(created.id()).status()).as("the stand-in validates until first looked at").isEqualTo("validating");
        assertThat(client.retrieve(created.id()).status()).isEqualTo("in_progress");

        BatchObject ended = waitForEnd(created.id());
        assertThat(ended.status()).isEqualTo("completed");
        assertThat(ended.errorFileId()).isNull();
        assertThat(List.of(ended.total(), ended.completed(), ended.failed())).containsExactly(2, 2, 0);
        List<BatchOutputLine> out = new ArrayList<>();
        client.readLines(ended.outputFileId(), out::add);
        assertThat(out).extracting(BatchOutputLine::customId).containsExactly("q1#0", "q2#0");
        ModelResponse answer = client.answer(out.get(1), false);
        assertThat(answer.text()).isEqualTo("echo two");
        assertThat(answer.promptTokens()).isEqualTo(7);
        assertThat(answer.completionTokens()).isEqualTo(2);
        assertThat(answer.tokensUnknown()).isFalse();
    }

    @Test
    void chatLinesGoToTheChatEndpoint() throws Exception {
        ModelRequest chat = new ModelRequest("m", RenderedPrompt.chat(List.of(new ChatMessage("user", "hi")), List.of()),
                new DecodingSettings(16, 0.0, List.of(), null), "s");
        assertThat(client.requestUrl(chat)).isEqualTo("/v1/chat/completions");
        JsonNode line = Json.MAPPER.readTree(client.inputLine("a#1", chat));
        assertThat(line.path("custom_id").asText()).isEqualTo("a#1");
        assertThat(line.path("method").asText()).isEqualTo("POST");
        assertThat(line.path("url").asText()).isEqualTo("/v1/chat/completions");
        assertThat(line.path("body").path("messages").path(0).path("content").asText()).isEqualTo("hi");
        assertThat(line.path("body").path("max_tokens").asInt()).isEqualTo(16);
    }

    @Test
    void aBatchIsFoundAgainByItsMetadataAndOnlyByIt() {
        String fileId = client.upload(file(Map.of("q#0", raw("one"))), "a.jsonl");
        BatchObject mine = client.create(fileId, "/v1/completions", Map.of("ibench_batch_key", "mine"));
        client.create(client.upload(file(Map.of("q#0", raw("one"))), "b.jsonl"), "/v1/completions", Map.of("ibench_batch_key", "other"));

        assertThat(client.findByMetadata("ibench_batch_key", "mine", 0)).map(BatchObject::id).contains(mine.id());
        assertThat(client.findByMetadata("ibench_batch_key", "absent", 0)).isEmpty();
        // a batch created before the part's row was written is not looked at
        assertThat(client.findByMetadata("ibench_batch_key", "mine", mine.createdAt() + 10)).isEmpty();
    }

    @Test
    void aFileOverTheLineLimitIsRefusedAsABadRequest() {
        Map<String, ModelRequest> four = new LinkedHashMap<>();
        for (int i = 0; i < 4; i++) {
            four.put("q" + i + "#0", raw("p" + i));
        }
        assertThatThrownBy(() -> client.upload(file(four), "big.jsonl"))
                .isInstanceOfSatisfying(ModelCallException.class, e -> {
                    assertThat(e.kind()).isEqualTo(ErrorKind.BAD_REQUEST);
                    assertThat(e.getMessage()).contains("4 requests, the limit is 3");
                });
    }

    @Test
    void failedAndCancelledLinesEndInTheErrorFile() throws Exception {
        api.setProcessingTime(Duration.ZERO);
        api.failCustomIds(Set.of("bad#0"));
        BatchObject batch = client.create(client.upload(file(Map.of("good#0", raw("g"), "bad#0", raw("b"))), "f.jsonl"),
                "/v1/completions", Map.of());
        BatchObject ended = waitForEnd(batch.id());
        List<BatchOutputLine> errors = new ArrayList<>();
        client.readLines(ended.errorFileId(), errors::add);
        assertThat(errors).singleElement().satisfies(line -> {
            assertThat(line.customId()).isEqualTo("bad#0");
            assertThat(line.answered()).isFalse();
            assertThat(line.errorCode()).isEqualTo("server_error");
        });

        api.setProcessingTime(Duration.ofMinutes(5));
        BatchObject open = client.create(client.upload(file(Map.of("c#0", raw("c"))), "g.jsonl"), "/v1/completions", Map.of());
        assertThat(client.cancel(open.id()).status()).isEqualTo("cancelling");
        BatchObject cancelled = waitForEnd(open.id());
        assertThat(cancelled.status()).isEqualTo("cancelled");
        assertThat(cancelled.outputFileId()).isNull();
        List<BatchOutputLine> notDone = new ArrayList<>();
        client.readLines(cancelled.errorFileId(), notDone::add);
        assertThat(notDone).extracting(BatchOutputLine::errorCode).containsExactly("batch_cancelled");
    }
}
