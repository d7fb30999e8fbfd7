package dev.ibench.workers.react;

import dev.ibench.core.scratch.ScratchFolder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.react.HttpRestToolEnvironment;
import dev.ibench.activities.react.ReactToolEnvironment;
import dev.ibench.activities.react.ToolEnvironmentUnavailableException;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.FreePorts;
import dev.ibench.workers.rest.LocalRestToolServers;
import dev.ibench.workers.rest.RestToolServer;
import dev.ibench.testing.SuperheroEvalSets;
import java.net.URI;
import java.net.http.HttpClient;
import dev.ibench.workers.IbenchHome;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** REST ReACT actions against the real REST tool server: responses and errors as observations, a dead server as infrastructure. */
class HttpRestToolEnvironmentTest {
    private final Path evalSet = SuperheroEvalSets.rest();
    private final EvalSample sample = new EvalSetCache().samples(evalSet.toString()).values().stream()
            .filter(s -> !s.output().get(0).arguments().isEmpty()).findFirst().orElseThrow();

    @Test
    void theGoldCallIsOneRequestAndItsResponseIsTheObservation() throws Exception {
        try (LocalRestToolServers servers = new LocalRestToolServers(SuperheroEvalSets.dataRoot(), IbenchHome.resolve().scratch())) {
            HttpRestToolEnvironment env = HttpRestToolEnvironment.forEvalSet(evalSet, servers, HttpClient.newHttpClient());
            RestToolServer server = servers.server(RestPublication.endpointsFileOf(evalSet));

            assertThat(env.open(sample)).isEqualTo(new ReactToolEnvironment.ReactOpening(HttpRestToolEnvironment.OPENING_STEP, ""));
            ReactToolEnvironment.ActionObservation gold = env.act(sample, List.of(), sample.output().get(0));
            assertThat(gold.ok()).isTrue();
            assertThat(gold.text()).startsWith("HTTP 200: {\"columns\":[");
            assertThat(server.endpointCalls()).isEqualTo(1);

            ToolCall call = sample.output().get(0);
            Map<String, Object> wrong = new LinkedHashMap<>(call.arguments());
            wrong.put("no_such_parameter", "a b&c=d");
            ReactToolEnvironment.ActionObservation bad = env.act(sample, List.of(call), new ToolCall(call.name(), wrong, null));
            assertThat(bad.ok()).isFalse();
            assertThat(bad.text()).startsWith("HTTP 400: ").contains("unknown parameter 'no_such_parameter'");
            assertThat(server.endpointCalls()).as("earlier actions are not replayed against a stateless API").isEqualTo(2);

            ReactToolEnvironment.ActionObservation unknown = env.act(sample, List.of(), new ToolCall("getEverything", Map.of(), null));
            assertThat(unknown.ok()).isFalse();
            assertThat(unknown.text()).isEqualTo("Error: getEverything is not an endpoint of this API");
            assertThat(server.endpointCalls()).as("a tool that is not an endpoint has no URL to call").isEqualTo(2);
        }
    }

    @Test
    void aServerThatDoesNotAnswerIsRetryableInfrastructureNotAnObservation() {
        URI nobody = URI.create("http://127.0.0.1:" + FreePorts.next());
        HttpRestToolEnvironment env = HttpRestToolEnvironment.forEvalSet(evalSet, file -> nobody, HttpClient.newHttpClient());
        assertThatThrownBy(() -> env.act(sample, List.of(), sample.output().get(0)))
                .isInstanceOf(ToolEnvironmentUnavailableException.class)
                .hasMessageContaining("GET " + nobody)
                .matches(e -> ((ToolEnvironmentUnavailableException) e).retryable());
    }
}
