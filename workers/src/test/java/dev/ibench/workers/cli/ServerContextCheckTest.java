package dev.ibench.workers.cli;

import dev.ibench.workers.modelcheck.ModelCheckWarnings;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.ServerContextSize;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.Optional;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * {@code ibench model check} reads the context size where servers say it (llama.cpp {@code GET /props}, vLLM
 * {@code GET /v1/models}) and warns when the prompt plus max_tokens would not fit. The servers are MockWebServers
 * (test doubles) answering with the fields as llama-server and vLLM name them.
 */
class ServerContextCheckTest {
    private static final ModelProfile PROFILE = ProfileCatalog.parse(
            "name: p\nprovider: openai\nbase_url: http://127.0.0.1:1/v1\nmodel: m\nfamily: llama-3\nmode: prompt\napi: completions\n", "test");

    private static MockWebServer serving(String path, String body) throws Exception {
        MockWebServer server = new MockWebServer();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return path.equals(request.getPath()) ? new MockResponse().setBody(body) : new MockResponse().setResponseCode(404);
            }
        });
        server.start();
        return server;
    }

    @Test
    void llamaServersPropsGiveTheContextSize() throws Exception {
        try (MockWebServer llama = serving("/props", """
                {"default_generation_settings":{"n_ctx":8192,"params":{"n_predict":-1}},"total_slots":1,"chat_template":"..."}""")) {
            Optional<ServerContextSize.Found> found = ServerContextSize.probe(llama.url("/v1").toString(), "m", ApiKey.none());
            assertThat(found).contains(new ServerContextSize.Found(8192, llama.url("/props").toString().replaceAll("/$", "")));
        }
    }

    @Test
    void vllmsModelListGivesTheServedModelsMaxModelLen() throws Exception {
        try (MockWebServer vllm = serving("/v1/models", """
                {"object":"list","data":[{"id":"other","object":"model","max_model_len":32768},
                 {"id":"m","object":"model","max_model_len":4096}]}""")) {
            Optional<ServerContextSize.Found> found = ServerContextSize.probe(vllm.url("/v1").toString(), "m", ApiKey.none());
            assertThat(found.map(ServerContextSize.Found::tokens)).contains(4096);
        }
    }

    @Test
    void aServerThatSaysNothingGivesNothing() throws Exception {
        try (MockWebServer openai = serving("/v1/models", "{\"object\":\"list\",\"data\":[{\"id\":\"m\",\"object\":\"model\"}]}")) {
            assertThat(ServerContextSize.probe(openai.url("/v1").toString(), "m", ApiKey.none())).isEmpty();
        }
    }

    @Test
    void aPromptThatWouldNotFitIsWarnedBeforeAndAfterTheCall() {
        Optional<ServerContextSize.Found> ctx = Optional.of(new ServerContextSize.Found(8192, "http://h/props"));
        RenderedPrompt long36k = RenderedPrompt.raw("x".repeat(36_000)); // about 9000 tokens at 4 characters a token
        assertThat(ModelCheckWarnings.context(PROFILE, long36k, 256, null, ctx)).singleElement().asString()
                .contains("about 9000 tokens, estimated").contains("context of 8192 tokens (from http://h/props)");
        assertThat(ModelCheckWarnings.context(PROFILE, long36k, 256, 8000, ctx)).as("8000 + 256 counted > 8192").singleElement()
                .asString().contains("8000 tokens as the server counted");
        assertThat(ModelCheckWarnings.context(PROFILE, long36k, 256, 7900, ctx)).as("7900 + 256 fits").isEmpty();
        assertThat(ModelCheckWarnings.context(PROFILE, long36k, 256, null, Optional.empty())).isEmpty();
    }
}
