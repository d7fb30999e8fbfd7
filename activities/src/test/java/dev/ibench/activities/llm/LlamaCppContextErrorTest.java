package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.prompt.RenderedPrompt;
import java.time.Duration;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * llama.cpp's llama-server answers a prompt longer than its context with HTTP 400 and its own wording; that is a
 * context-length failure (the sample is rejected or the trajectory ends), not a bad request. The server is a
 * MockWebServer (test double) answering with llama-server's body as its source writes it.
 */
class LlamaCppContextErrorTest {
    @Test
    void llamaServersContextOverflowIsContextLength() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setResponseCode(400).setHeader("Content-Type", "application/json").setBody("""
                    {"error":{"code":400,"message":"request (9137 tokens) exceeds the available context size (8192 tokens), \
                    try increasing it","type":"exceed_context_size_error","n_prompt_tokens":9137,"n_ctx":8192}}"""));
            server.enqueue(new MockResponse().setResponseCode(400).setHeader("Content-Type", "application/json").setBody("""
                    {"error":{"code":400,"message":"'tools' is not supported","type":"invalid_request_error"}}"""));
            OpenAiClient client = new OpenAiClient(server.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5));
            ModelRequest request = new ModelRequest("m", RenderedPrompt.raw("a long prompt"), new DecodingSettings(8, 0.0, List.of(), null), "s1");

            ModelCallException overflow = catchThrowableOfType(() -> client.complete(request), ModelCallException.class);
            assertThat(overflow.kind()).isEqualTo(ErrorKind.CONTEXT_LENGTH);
            assertThat(overflow.retryable()).isFalse();
            ModelCallException other = catchThrowableOfType(() -> client.complete(request), ModelCallException.class);
            assertThat(other.kind()).as("other 400s stay bad requests").isEqualTo(ErrorKind.BAD_REQUEST);
        }
    }
}
