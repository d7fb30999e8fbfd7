package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.client.OracleClient;
import dev.ibench.activities.llm.client.ReplayClient;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test tools (oracle, replay) and gateway metrics. */
class TestToolsTest {
    @TempDir Path tmp;

    static EvalSample realSample() throws Exception {
        JsonNode data = Json.MAPPER.readTree(IclExamplesResource.slotFile()).get("data");
        return Json.MAPPER.treeToValue(data.get(1), EvalSample.class);
    }

    static ModelRequest request(String sampleId) {
        return new ModelRequest("m", RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of()), new DecodingSettings(10, 0, List.of(), null), sampleId);
    }

    @Test
    void oracleAnswersTheGoldSequenceAndBypassesTheCache() throws Exception {
        EvalSample sample = realSample();
        ModelProfile profile = ProfileCatalog.load(null).resolve("oracle");
        try (ResponseCache cache = new ResponseCache(tmp.resolve("r.db"));
             ModelGateway g = new ModelGateway(profile, ModelClients.create(profile, Map.<String, String>of()::get, List.of(sample)), cache,
                     new EndpointLimiters(), RetryPolicy.none())) {
            CallResult r = g.call(request(sample.sampleId()));
            List<ToolCall> calls = List.of(Json.MAPPER.readValue(r.response().text(), ToolCall[].class));
            assertThat(calls).isEqualTo(sample.output());
            assertThat(calls).extracting(ToolCall::name).containsExactly("filter_data", "filter_data", "filter_data", "aggregate_data");
            assertThat(cache.size()).isZero();
            assertThatThrownBy(() -> g.call(request("unknown"))).isInstanceOf(ModelCallException.class).hasMessageContaining("unknown");
        }
    }

    @Test
    void replayAnswersFromRecordedJsonl() throws Exception {
        Path file = tmp.resolve("pred.jsonl");
        Files.writeString(file, "{\"sample_id\": 39, \"generated_text\": \"[{\\\"name\\\": \\\"x\\\"}]\", \"model\": \"ignored\"}\n\n"
                + "{\"sample_id\": \"61\", \"generated_text\": \"nothing\"}\n");
        ReplayClient replay = new ReplayClient(file);
        assertThat(replay.complete(request("39")).text()).isEqualTo("[{\"name\": \"x\"}]");
        assertThat(replay.complete(request("61")).text()).isEqualTo("nothing");
        assertThatThrownBy(() -> replay.complete(request("10"))).isInstanceOfSatisfying(ModelCallException.class,
                e -> assertThat(e.retryable()).isFalse());
        Files.writeString(file, "{\"id\": 1}\n");
        assertThatThrownBy(() -> new ReplayClient(file)).hasMessageContaining("line 1").hasMessageContaining("sample_id");
    }

    @Test
    void metricsFollowTheGateway() throws Exception {
        EvalSample sample = realSample();
        ModelProfile profile = ProfileCatalog.load(null).resolve("oracle");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (ModelGateway g = new ModelGateway(profile, new OracleClient(List.of(sample)), null, new EndpointLimiters(), RetryPolicy.none())) {
            GatewayMetrics.bind(registry, "oracle", g);
            g.call(request(sample.sampleId()));
            g.call(request(sample.sampleId()));
            assertThat(registry.get("ibench_llm_calls").tag("profile", "oracle").functionCounter().count()).isEqualTo(2.0);
            assertThat(registry.get("ibench_llm_concurrency_limit").gauge().value()).isEqualTo(4.0);
        }
    }
}
