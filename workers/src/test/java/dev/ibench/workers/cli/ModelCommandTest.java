package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ModelCommandTest {
    @TempDir Path tmp;

    private record Run(int exit, String out, String err) {}

    private static Run runInProcess(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = System.out;
        PrintStream e = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int exit = new CommandLine(new IbenchCli()).execute(args);
            return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(o);
            System.setErr(e);
        }
    }

    @Test
    void oracleCheckPrintsPromptAnswerTokensAndLatency() {
        Run r = runInProcess("model", "check", "oracle", "--no-cache");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("=== rendered prompt (chat messages").contains("Among the movies directed by Wolfgang Reitherman")
                .contains("=== raw answer ===\n[{\"name\":\"filter_data\"").contains("tokens:   prompt 0, completion 0").contains("latency:");
    }

    @Test
    void jsonCheckAgainstAnEndpointOverrideGoesThroughTheCache() throws Exception {
        java.util.List<String> completions = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.List<String> every = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (MockWebServer server = new MockWebServer()) {
            // before calling the model, check asks the server for its context size (GET /props, /v1/models): this server has neither
            server.setDispatcher(new okhttp3.mockwebserver.Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    every.add(request.getMethod() + " " + request.getPath());
                    if (!"POST".equals(request.getMethod())) {
                        return new MockResponse().setResponseCode(404);
                    }
                    completions.add(request.getPath());
                    return new MockResponse().setBody("{\"choices\":[{\"text\":\"<tool_call>{}</tool_call>\",\"finish_reason\":\"stop\"}],"
                            + "\"usage\":{\"prompt_tokens\":1400,\"completion_tokens\":12}}");
                }
            });
            server.start();
            String url = server.url("/v1").toString();
            Path db = tmp.resolve("results.db");
            String[] args = {"model", "check", "vllm-qwen2.5-7b", "--endpoint", url, "--cache", db.toString(), "--json", "--style", "sel"};
            Run first = runInProcess(args);
            assertThat(first.exit()).as(first.err()).isZero();
            JsonNode j = Json.MAPPER.readTree(first.out());
            assertThat(j.get("generated_text").asText()).isEqualTo("<tool_call>{}</tool_call>");
            assertThat(j.get("prompt_tokens").asInt()).isEqualTo(1400);
            assertThat(j.get("completion_tokens").asInt()).isEqualTo(12);
            assertThat(j.get("cache_hit").asBoolean()).isFalse();
            assertThat(j.get("prompt").get("text").asText()).startsWith("<|im_start|>system\nYou are Qwen").contains("select_data_equal_to");
            assertThat(completions).containsExactly("/v1/completions");
            assertThat(every).as("the context size was asked before the call").anyMatch(r -> r.startsWith("GET "));
            int before = every.size();
            Run second = runInProcess(args);
            assertThat(Json.MAPPER.readTree(second.out()).get("cache_hit").asBoolean()).isTrue();
            assertThat(completions).as("the second check is served by the cache").hasSize(1);
            assertThat(every.subList(before, every.size())).as("an answer from the cache sends no request, not even the context probe")
                    .isEmpty();
        }
    }

    @Test
    void checkReportsTheRequestSettingsAndTheReasoningBeforeACampaignSpendsAnything() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new okhttp3.mockwebserver.Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    if (!request.getPath().endsWith("/chat/completions")) {
                        return new MockResponse().setResponseCode(404);
                    }
                    return new MockResponse().setBody("{\"choices\":[{\"message\":{\"content\":null,\"reasoning_content\":\"Let me think.\","
                            + "\"tool_calls\":[{\"type\":\"function\",\"function\":{\"name\":\"filter_data\",\"arguments\":\"{}\"}}]},"
                            + "\"finish_reason\":\"tool_calls\"}],\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":30,"
                            + "\"completion_tokens_details\":{\"reasoning_tokens\":25}}}");
                }
            });
            server.start();
            Run r = runInProcess("model", "check", "vllm-qwen3-8b", "--endpoint", server.url("/v1").toString(), "--no-cache");
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("request:  server vllm, token_limit max_tokens=4096, temperature 0.0, reasoning_effort high "
                    + "(request field chat_template_kwargs.enable_thinking=true)")
                    .contains("=== reasoning returned apart (reasoning_content; never parsed) ===\nLet me think.")
                    .contains("tokens:   prompt 10, completion 30 (reasoning 25), total 40");
        }
        Run o4 = runInProcess("model", "check", "openai-o4-mini", "--endpoint", "http://127.0.0.1:9/v1", "--no-cache", "--json");
        JsonNode settings = Json.MAPPER.readTree(o4.out()).path("request_settings");
        assertThat(settings.path("token_limit").asText()).isEqualTo("max_completion_tokens=8192");
        assertThat(settings.path("temperature").asText()).isEqualTo("not sent");
        assertThat(settings.path("reasoning_effort").asText()).isEqualTo("medium (request field reasoning_effort)");
    }

    @Test
    void unknownProfileIsAClearInputError() {
        Run r = runInProcess("model", "check", "no-such-model");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unknown model profile 'no-such-model'").contains("smollm2");
    }

    /** Acceptance 4 at process level: the key is in the real environment of an ibench process that hits a 401. */
    @Test
    void keyFromTheEnvironmentNeverReachesOutputOrTheResultsStore() throws Exception {
        String key = "sk-live-" + UUID.randomUUID();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new okhttp3.mockwebserver.Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    if (request.getBody().readUtf8().contains("\"max_tokens\":7")) {
                        return new MockResponse().setBody("{\"choices\":[{\"text\":\"ok\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}");
                    }
                    return new MockResponse().setResponseCode(401)
                            .setBody("{\"error\":{\"message\":\"Incorrect API key provided: " + request.getHeader("Authorization") + "\"}}");
                }
            });
            server.start();
            Path profiles = Files.createDirectories(tmp.resolve("profiles"));
            Files.writeString(profiles.resolve("keyed.yaml"), """
                    name: keyed
                    provider: openai
                    base_url: %s
                    model: m
                    api_key_env: IBENCH_SECRET_TEST_KEY
                    family: qwen2.5
                    """.formatted(server.url("/v1")));
            Path db = tmp.resolve("results.db");
            List<String> base = List.of("model", "check", "keyed", "--profiles", profiles.toString(), "--cache", db.toString());
            ProcessResult ok = runProcess(key, concat(base, "--max-tokens", "7"));
            ProcessResult failed = runProcess(key, concat(base, "--json"));
            assertThat(ok.exit()).as(ok.output()).isZero();
            assertThat(failed.exit()).as(failed.output()).isEqualTo(1);
            assertThat(failed.output()).contains("UNAUTHORIZED").contains("Incorrect API key provided: Bearer ***");
            assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer " + key);
            assertThat(ok.output()).doesNotContain(key);
            assertThat(failed.output()).doesNotContain(key);
            for (File f : tmp.toFile().listFiles((d, n) -> n.startsWith("results.db"))) {
                assertThat(new String(Files.readAllBytes(f.toPath()), StandardCharsets.ISO_8859_1)).as(f.getName()).doesNotContain(key).contains("\"ok\"");
            }
        }
    }

    private record ProcessResult(int exit, String output) {}

    private static List<String> concat(List<String> a, String... more) {
        List<String> all = new ArrayList<>(a);
        all.addAll(List.of(more));
        return all;
    }

    private ProcessResult runProcess(String key, List<String> args) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
                IbenchCli.class.getName()));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).directory(tmp.toFile());
        pb.environment().put("IBENCH_SECRET_TEST_KEY", key);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new ProcessResult(p.exitValue(), output);
    }
}
