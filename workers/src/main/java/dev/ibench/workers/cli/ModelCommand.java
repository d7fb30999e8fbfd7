package dev.ibench.workers.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.llm.ApiKey;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.EndpointLimiters;
import dev.ibench.activities.llm.ModelCallException;
import dev.ibench.activities.llm.ModelClients;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.activities.llm.RetryPolicy;
import dev.ibench.activities.llm.ServerContextSize;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RequestSettings;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description = "Check a model profile: render a prompt for one sample, call the model, print answer, tokens and latency.",
        subcommands = {ModelCommand.Check.class, ModelCommand.Profiles.class})
final class ModelCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(System.out);
        return 0;
    }

    /** The profile directory: --profiles, else ./profiles when it exists (built-ins only otherwise). */
    static Path profileDir(Path option) {
        if (option != null) {
            if (!Files.isDirectory(option)) {
                throw new IllegalArgumentException("--profiles " + option + " is not a directory");
            }
            return option;
        }
        Path local = Path.of("profiles");
        return Files.isDirectory(local) ? local : null;
    }

    @Command(name = "profiles", mixinStandardHelpOptions = true, description = "List the known model profiles (built-in and from the profile directory).")
    static final class Profiles implements Callable<Integer> {
        @Option(names = "--profiles", paramLabel = "DIR", description = "Directory of user profiles (*.yaml); default ./profiles if present.") Path profiles;
        @Option(names = "--json", description = "Machine-readable output.") boolean json;

        @Override
        public Integer call() throws Exception {
            List<ModelProfile> all = ProfileCatalog.load(profileDir(profiles)).all();
            if (json) {
                System.out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(all));
                return 0;
            }
            for (ModelProfile p : all) {
                System.out.printf("%-24s %-7s %-11s %-7s %s%n", p.name(), p.provider(), p.family(), p.mode().yamlName(),
                        p.description() != null ? p.description() : p.model() != null ? p.model() : "");
            }
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Render the profile's prompt for one sample, call the model once (through the response cache),"
                    + " and print the prompt, the raw answer, token counts and latency.")
    static final class Check implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "PROFILE", description = "Profile name, or path to a profile YAML file.") String profileName;
        @Option(names = "--eval-set", paramLabel = "FILE", description = "Eval-set JSON (array, {\"data\":[...]} or JSONL). Default: the seed's first ICL example.") Path evalSet;
        @Option(names = "--sample", paramLabel = "ID", description = "sample_id in the eval set (default: its first sample).") String sampleId;
        @Option(names = "--style", paramLabel = "STYLE", description = "slot, sel, rest or react (default: slot; sel when the sample's tools are SEL tools).") String style;
        @Option(names = "--endpoint", paramLabel = "URL", description = "Override the profile's base_url, e.g. http://localhost:8000/v1.") String endpoint;
        @Option(names = "--profiles", paramLabel = "DIR", description = "Directory of user profiles (*.yaml); default ./profiles if present.") Path profiles;
        @Option(names = "--icl-dir", paramLabel = "DIR", description = "Folder with examples_icl_{slot_filling,sequencing}.json (default: bundled copies).") Path iclDir;
        @Option(names = "--cache", paramLabel = "FILE", description = "Response cache in this SQLite file (default: the results store, --store / $IBENCH_STORE, else .ibench/results.db).") Path cacheFile;
        @Option(names = "--no-cache", description = "Do not read or write the response cache.") boolean noCache;
        @Option(names = "--max-tokens", paramLabel = "N", description = "Override the profile's max_tokens.") Integer maxTokens;
        @Option(names = "--json", description = "Machine-readable output.") boolean json;

        @Override
        public Integer call() throws Exception {
            ModelProfile profile;
            EvalSample sample;
            int maxCalls;
            PromptStyle promptStyle;
            RenderedPrompt prompt;
            try {
                profile = ProfileCatalog.load(profileDir(profiles)).resolve(profileName);
                if (endpoint != null) {
                    profile = profile.withBaseUrl(endpoint);
                }
                List<EvalSample> samples = evalSet != null ? readEvalSet(evalSet) : List.of(defaultSample());
                sample = evalSet != null ? pick(samples, sampleId, evalSet) : samples.get(0);
                maxCalls = ToolCallSchema.maxCalls(samples);
                promptStyle = style != null ? PromptStyle.parse(style) : guessStyle(sample);
                prompt = new PromptRenderer(profile, IclExamples.forStyle(promptStyle, iclDir)).render(promptStyle, sample);
            } catch (IllegalArgumentException | IOException e) {
                System.err.println("ibench model check: " + e.getMessage());
                return 2;
            }
            ModelRequest request = ModelGateway.request(profile, prompt, sample.sampleId(), sample.tools(), maxCalls);
            if (maxTokens != null) {
                request = new ModelRequest(request.model(), request.prompt(), request.decoding().withMaxTokens(maxTokens), request.sampleId());
            }
            if (!json) {
                System.out.printf("profile:  %s (provider %s, family %s, mode %s, api %s)%n", profile.name(), profile.provider(),
                        profile.family(), profile.mode().yamlName(), profile.api());
                System.out.printf("request:  %s%n", RequestSettings.line(profile));
                System.out.printf("sample:   %s (%s) style %s: %s%n", sample.sampleId(), sample.datasetName(),
                        promptStyle.name().toLowerCase(Locale.ROOT), sample.input());
                System.out.printf("=== rendered prompt (%s, %d chars) ===%n%s%n", prompt.isRaw() ? "raw" : "chat messages",
                        prompt.display().length(), prompt.display());
                System.out.flush();
            }
            Optional<ServerContextSize.Found> serverContext = serverContext(profile);
            List<String> before = ModelCheckWarnings.context(profile, prompt, request.decoding().maxTokens(), null, serverContext);
            if (!json) {
                serverContext.ifPresent(c -> System.out.printf("context:  %d tokens (from %s)%n", c.tokens(), c.source()));
                before.forEach(w -> System.out.println("WARNING:  " + w));
                System.out.flush();
            }
            ResponseCache cache = noCache ? null : cacheFile != null ? new ResponseCache(cacheFile)
                    : new ResponseCache(CampaignServices.of(IbenchHome.resolve()).database());
            try (ModelGateway gateway = new ModelGateway(profile, ModelClients.create(profile, System::getenv, List.of(sample)), cache,
                    new EndpointLimiters(), RetryPolicy.defaults(profile.maxAttempts()))) {
                CallResult result = gateway.call(request);
                List<String> warnings = new ArrayList<>(ModelCheckWarnings.of(profile, request, prompt, result));
                warnings.addAll(ModelCheckWarnings.context(profile, prompt, request.decoding().maxTokens(),
                        result.response().promptTokens(), serverContext));
                if (json) {
                    ObjectNode out = report(profile, gateway, sample, promptStyle, prompt, result);
                    out.set("warnings", Json.MAPPER.valueToTree(warnings));
                    System.out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(out));
                } else {
                    printText(gateway, result);
                    warnings.forEach(w -> System.out.println("WARNING:  " + w));
                }
                return 0;
            } catch (ModelCallException e) {
                if (json) {
                    ObjectNode out = Json.MAPPER.createObjectNode();
                    out.put("profile", profile.name());
                    out.put("sample_id", sample.sampleId());
                    out.set("request_settings", Json.MAPPER.valueToTree(RequestSettings.of(profile)));
                    out.put("error_kind", e.kind().name());
                    out.put("retryable", e.retryable());
                    out.put("error", e.getMessage());
                    out.set("warnings", Json.MAPPER.valueToTree(before));
                    System.out.println(out.toPrettyString());
                } else {
                    System.err.println("ibench model check: " + e.getMessage());
                }
                return 1;
            } finally {
                if (cache != null) {
                    cache.close();
                }
            }
        }

        /** The context size an OpenAI-compatible server reports (llama.cpp /props, vLLM /v1/models), if it does. */
        private static Optional<ServerContextSize.Found> serverContext(ModelProfile profile) {
            if (!"openai".equals(profile.provider()) || profile.baseUrl() == null) {
                return Optional.empty();
            }
            ApiKey key;
            try {
                key = ApiKey.fromEnvironment(profile.apiKeyEnv(), System::getenv, profile.baseUrl());
            } catch (ModelCallException unset) {
                key = ApiKey.none(); // the call itself reports the missing key
            }
            return ServerContextSize.probe(profile.baseUrl(), profile.model(), key);
        }

        private static void printText(ModelGateway gateway, CallResult r) {
            System.out.println("=== raw answer ===");
            System.out.println(r.response().text());
            if (r.response().reasoning() != null) {
                System.out.println("=== reasoning returned apart (reasoning_content; never parsed) ===");
                System.out.println(r.response().reasoning());
            }
            if (!r.response().toolCalls().isEmpty()) {
                System.out.println("=== native tool calls ===");
                r.response().toolCalls().forEach(c -> System.out.println(Json.MAPPER.valueToTree(c)));
            }
            System.out.println("===");
            System.out.printf("endpoint: %s%n", gateway.client().endpoint());
            System.out.printf("tokens:   prompt %d, completion %d (reasoning %d), total %d%n", r.response().promptTokens(),
                    r.response().completionTokens(), r.response().reasoningTokens(), r.response().totalTokens());
            System.out.printf("latency:  %d ms (finish %s)%n", r.response().latencyMillis(), r.response().finishReason());
            System.out.printf("cache:    %s (key %s), attempts %d%n", r.cacheHit() ? "hit" : "miss", r.cacheKey().substring(0, 12), r.attempts());
            System.out.printf("cost:     %s%n", r.costUsd() == null ? "n/a (no prices in profile)" : String.format(Locale.ROOT, "%.6f USD", r.costUsd()));
        }

        private static ObjectNode report(ModelProfile profile, ModelGateway gateway, EvalSample sample, PromptStyle style, RenderedPrompt prompt, CallResult r) {
            ObjectNode out = Json.MAPPER.createObjectNode();
            out.put("profile", profile.name());
            out.put("provider", profile.provider());
            out.put("endpoint", gateway.client().endpoint());
            out.put("sample_id", sample.sampleId());
            out.put("style", style.name().toLowerCase(Locale.ROOT));
            out.set("request_settings", Json.MAPPER.valueToTree(RequestSettings.of(profile)));
            ObjectNode p = out.putObject("prompt");
            p.put("raw", prompt.isRaw());
            if (prompt.isRaw()) {
                p.put("text", prompt.text());
            } else {
                ArrayNode messages = p.putArray("messages");
                for (ChatMessage m : prompt.messages()) {
                    messages.addObject().put("role", m.role()).put("content", m.content());
                }
                p.put("native_tools", prompt.tools().size());
            }
            out.put("generated_text", r.response().text());
            out.set("tool_calls", Json.MAPPER.valueToTree(r.response().toolCalls()));
            out.put("prompt_tokens", r.response().promptTokens());
            out.put("completion_tokens", r.response().completionTokens());
            out.put("reasoning_tokens", r.response().reasoningTokens());
            if (r.response().reasoning() != null) {
                out.put("reasoning", r.response().reasoning());
            }
            out.put("latency_ms", r.response().latencyMillis());
            out.put("finish_reason", r.response().finishReason());
            out.put("cache_hit", r.cacheHit());
            out.put("cache_key", r.cacheKey());
            out.put("attempts", r.attempts());
            if (r.costUsd() != null) {
                out.put("cost_usd", r.costUsd());
            }
            return out;
        }

        private static PromptStyle guessStyle(EvalSample sample) {
            boolean sel = sample.tools().stream().anyMatch(t -> String.valueOf(t.get("name")).startsWith("select_data_"));
            return sel ? PromptStyle.SEL : PromptStyle.SLOT;
        }

        /** The seed's first SLOT ICL example: a real sample that needs no built eval set. */
        private static EvalSample defaultSample() throws IOException {
            try (InputStream in = ModelCommand.class.getClassLoader().getResourceAsStream("icl/" + IclExamples.SLOT_FILE)) {
                JsonNode data = Json.MAPPER.readTree(in).get("data");
                return Json.MAPPER.treeToValue(data.get(0), EvalSample.class);
            }
        }

        static List<EvalSample> readEvalSet(Path file) throws IOException {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("--eval-set " + file + " does not exist");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            List<EvalSample> samples = new ArrayList<>();
            if (text.startsWith("[") || text.startsWith("{") && !text.contains("\n{")) {
                JsonNode root = Json.MAPPER.readTree(text);
                JsonNode list = root.isArray() ? root : root.has("data") ? root.get("data") : root.get("samples");
                if (list == null || !list.isArray()) {
                    throw new IllegalArgumentException("eval set " + file + " has no sample list (expected an array, or an object with 'data' or 'samples')");
                }
                for (JsonNode n : list) {
                    samples.add(Json.MAPPER.treeToValue(n, EvalSample.class));
                }
            } else {
                for (String line : text.split("\n")) {
                    if (!line.isBlank()) {
                        samples.add(Json.MAPPER.readValue(line, EvalSample.class));
                    }
                }
            }
            return samples;
        }

        private static EvalSample pick(List<EvalSample> samples, String id, Path file) {
            if (samples.isEmpty()) {
                throw new IllegalArgumentException("eval set " + file + " has no samples");
            }
            if (id == null) {
                return samples.get(0);
            }
            return samples.stream().filter(s -> id.equals(s.sampleId())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("eval set " + file + " has no sample with sample_id " + id));
        }
    }
}
