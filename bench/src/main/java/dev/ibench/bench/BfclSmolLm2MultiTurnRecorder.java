package dev.ibench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.bfcl.BfclMultiTurnSession;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.multiturn.GatewayMultiTurnModel;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.SampleSelection;
import dev.ibench.core.campaign.SampleSelector;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.BfclMultiTurnPrompt;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Records SmolLM2's multi-turn conversations on a seeded sample of each BFCL v4 multi-turn category (issue 32, item 4),
 * along the path a campaign's {@code MultiTurnEntryWorkflow} takes, step for step: bfcl-eval's files imported by
 * {@link BfclMultiTurnImporter}, the entries drawn as a campaign's {@code samples: {limit, seed}} draws them
 * ({@link SampleSelector}), each step's messages built by {@link BfclMultiTurnPrompt} from the earlier steps, sent by
 * {@link GatewayMultiTurnModel} through {@link ModelGateway} to the in-process GGUF model (profile {@code smollm2-mt}:
 * temperature 0, llama.cpp's prompt cache on), the text decoded by {@link BfclMultiTurnDecoder} and the calls executed
 * in the entry's own sandboxed interpreter ({@link BfclMultiTurnSession}); a turn ends at a step that decodes to no call,
 * and a turn still calling after {@code STEPS_PER_TURN} executed steps is forced to quit (the workflow's rule).
 *
 * <p>Writes {@code multi_turn_<category>.json} per category: the settings, and per entry each turn's steps (raw text,
 * decoded calls, results, prompt tokens, latency), how the conversation ended ({@code completed}, {@code forced_quit},
 * {@code stopped} with the model's non-retryable error, e.g. the prompt outgrowing the context, or {@code rejected} when
 * that happened at the first step) and the wall time; a retryable failure (a timeout) stops the run, the entry unfinished. The file is rewritten after every step, so a stopped run <b>resumes</b>: a recorded step is read back, never
 * asked again, and its calls are executed again to rebuild the interpreter (the backends are deterministic; a result
 * that differs from the recorded one stops the run). Run by {@code bench/run-bfcl-smollm2-multiturn-record.sh}, never in CI.
 * Usage: {@code BfclSmolLm2MultiTurnRecorder OUT_DIR PROFILE SEED STEPS_PER_TURN CATEGORY=COUNT...}.
 */
public final class BfclSmolLm2MultiTurnRecorder {
    private static final Duration PER_REQUEST = Duration.ofSeconds(60);

    private BfclSmolLm2MultiTurnRecorder() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: BfclSmolLm2MultiTurnRecorder OUT_DIR PROFILE SEED STEPS_PER_TURN CATEGORY=COUNT...");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        ModelProfile profile = ProfileCatalog.load(null).resolve(args[1]);
        long seed = Long.parseLong(args[2]);
        int stepsPerTurn = Integer.parseInt(args[3]);
        Files.createDirectories(out);

        BfclEvalPackage bfclEval = BfclEvalPackage.at(OfficialBfclChecker.install().root());
        Function<String, String> env = name -> ModelClients.MODEL_DIR_ENV.equals(name) && System.getenv(name) == null
                ? Path.of(".tools/models").toAbsolutePath().toString() : System.getenv(name);
        DecodingOverrides decoding = new DecodingOverrides(profile.temperature(), null, profile.maxTokens(), seed);
        Path work = Files.createTempDirectory("bfcl-mt-record");
        BfclMultiTurnExecutor executor = new BfclMultiTurnExecutor(bfclEval, "python3", 2048, work);
        try (ModelGateway gateway = new ModelGateway(profile, ModelClients.create(profile, env, List.of()), null, new EndpointLimiters(),
                RetryPolicy.none())) {
            GatewayMultiTurnModel model = new GatewayMultiTurnModel(profile, gateway, decoding, "record-smollm2-multi-turn");
            for (String spec : List.of(args).subList(4, args.length)) {
                String category = spec.substring(0, spec.indexOf('='));
                int count = Integer.parseInt(spec.substring(spec.indexOf('=') + 1));
                BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category),
                        bfclEval.functionDocs(), category);
                List<String> chosen = SampleSelector.select(imported.entries().stream().map(BfclMultiTurnEntry::id).toList(),
                        new SampleSelection(count, seed));
                Path file = out.resolve(category + ".json");
                ObjectNode fixture = Files.exists(file) ? (ObjectNode) Json.MAPPER.readTree(file.toFile())
                        : header(category, profile, seed, stepsPerTurn, count);
                if (fixture.path("steps_per_turn").asInt() != stepsPerTurn || fixture.path("sample_seed").asLong() != seed) {
                    throw new IllegalStateException(file + " was recorded with other settings: delete it to record again");
                }
                fixture.put("sample_limit", Math.max(count, fixture.path("sample_limit").asInt()));
                ArrayNode entries = (ArrayNode) fixture.withArray("entries");
                for (String id : chosen) {
                    BfclMultiTurnEntry entry = imported.entries().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
                    ObjectNode recorded = findOrAdd(entries, id);
                    if (recorded.has("ended")) {
                        System.out.println(id + ": recorded (" + recorded.path("ended").asText() + "), kept");
                        continue;
                    }
                    record(entry, imported.functionDocs(), recorded, model, executor, stepsPerTurn, () -> write(file, fixture));
                    write(file, fixture);
                    System.out.printf(Locale.ROOT, "%-32s %-12s %d turns of %d, %d steps, %6.1f s%n", id, recorded.path("ended").asText(),
                            recorded.path("turns").size(), entry.groundTruth().size(), steps(recorded), recorded.path("seconds").asDouble());
                    System.out.flush();
                }
            }
        }
        System.exit(0); // the in-process model leaves non-daemon threads behind
    }

    private static void record(BfclMultiTurnEntry entry, Map<String, List<Map<String, Object>>> docs, ObjectNode recorded,
                               GatewayMultiTurnModel model, BfclMultiTurnExecutor executor, int stepsPerTurn, Runnable save) {
        long started = System.nanoTime();
        double earlier = recorded.path("seconds").asDouble(0);
        ArrayNode turnsNode = (ArrayNode) recorded.withArray("turns");
        List<List<BfclMultiTurnStep>> turns = new ArrayList<>();
        try (BfclMultiTurnSession session = executor.open(entry, List.of(), PER_REQUEST)) {
            boolean forcedQuit = false;
            for (int t = 0; t < entry.groundTruth().size() && !forcedQuit; t++) {
                if (turnsNode.size() <= t) {
                    turnsNode.addArray();
                }
                ArrayNode stepsNode = (ArrayNode) turnsNode.get(t);
                List<BfclMultiTurnStep> steps = new ArrayList<>();
                turns.add(steps);
                for (int k = 1; ; k++) {
                    String text;
                    if (stepsNode.size() >= k) {
                        text = stepsNode.get(k - 1).path("raw_output").asText(); // read back, never asked again
                    } else {
                        List<ChatMessage> messages = BfclMultiTurnPrompt.messages(entry, docs, turns);
                        ReactAgentModel.Reply reply;
                        try {
                            reply = model.next(entry, messages, t, k, 0);
                        } catch (ModelCallException e) {
                            if (e.retryable()) {
                                throw e; // the run stops; the entry stays unfinished and a re-run asks again
                            }
                            // the model cannot go on (its prompt outgrew the context): a first step never answered is
                            // no conversation (rejected, as a campaign rejects the sample); a later one ends it there
                            boolean first = t == 0 && k == 1;
                            recorded.put("ended", first ? "rejected" : "stopped");
                            recorded.put(first ? "rejected" : "stopped", "turn " + t + " step " + k + ": " + e.getMessage());
                            return;
                        }
                        text = reply.text();
                        ObjectNode s = stepsNode.addObject();
                        s.put("raw_output", text);
                        s.set("decoded_calls", Json.MAPPER.valueToTree(BfclMultiTurnDecoder.decode(text)));
                        s.put("prompt_tokens", reply.promptTokens());
                        s.put("completion_tokens", reply.completionTokens());
                        s.put("latency_ms", reply.latencyMs());
                    }
                    List<String> calls = BfclMultiTurnDecoder.decode(text);
                    ObjectNode s = (ObjectNode) stepsNode.get(k - 1);
                    if (calls.isEmpty()) {
                        steps.add(new BfclMultiTurnStep(text, calls, null));
                        save.run();
                        break;
                    }
                    List<String> results = session.execute(calls);
                    if (s.has("results") && !Json.MAPPER.valueToTree(results).equals(s.get("results"))) {
                        throw new IllegalStateException(entry.id() + " turn " + t + " step " + k + ": replayed results differ from the recorded ones");
                    }
                    s.set("results", Json.MAPPER.valueToTree(results));
                    steps.add(new BfclMultiTurnStep(text, calls, results));
                    save.run();
                    if (k > stepsPerTurn) {
                        forcedQuit = true;
                        break;
                    }
                }
            }
            recorded.put("ended", forcedQuit ? "forced_quit" : "completed");
        } finally {
            recorded.put("seconds", Math.round((earlier + (System.nanoTime() - started) / 1e9) * 10) / 10.0);
        }
    }

    private static ObjectNode header(String category, ModelProfile profile, long seed, int stepsPerTurn, int count) {
        ObjectNode fixture = Json.MAPPER.createObjectNode();
        fixture.put("category", category);
        fixture.put("source", "bfcl-eval " + BfclEvalPackage.VERSION + " bfcl_eval/data/BFCL_v4_" + category + ".json");
        fixture.put("model", profile.model());
        fixture.put("model_file", profile.modelFile());
        fixture.put("profile", profile.name());
        fixture.put("prompt", "BfclMultiTurnPrompt (bfcl-eval's prompting handler: default system prompt, python call format)");
        fixture.put("decoder", "BfclMultiTurnDecoder (bfcl-eval's default_decode_execute_prompting)");
        fixture.put("temperature", profile.temperature());
        fixture.put("max_tokens", profile.maxTokens());
        fixture.put("prompt_cache", profile.promptCache());
        fixture.put("threads", profile.threads());
        fixture.put("context_length", profile.contextLength());
        fixture.put("steps_per_turn", stepsPerTurn);
        fixture.put("sample_limit", count);
        fixture.put("sample_seed", seed);
        fixture.put("recorded_by", "bench/run-bfcl-smollm2-multiturn-record.sh (dev.ibench.bench.BfclSmolLm2MultiTurnRecorder)");
        fixture.putArray("entries");
        return fixture;
    }

    private static ObjectNode findOrAdd(ArrayNode entries, String id) {
        for (JsonNode e : entries) {
            if (id.equals(e.path("id").asText())) {
                return (ObjectNode) e;
            }
        }
        ObjectNode e = entries.addObject();
        e.put("id", id);
        return e;
    }

    private static int steps(JsonNode recorded) {
        int n = 0;
        for (JsonNode turn : recorded.path("turns")) {
            n += turn.size();
        }
        return n;
    }

    private static void write(Path file, ObjectNode fixture) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(fixture) + "\n");
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
