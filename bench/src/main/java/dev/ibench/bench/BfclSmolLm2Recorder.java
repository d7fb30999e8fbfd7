package dev.ibench.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.campaign.ModelRunner;
import dev.ibench.activities.campaign.CellAblation;
import dev.ibench.core.prompt.ToolCallSchema;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.SampleSelection;
import dev.ibench.core.campaign.SampleSelector;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChain;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Records SmolLM2's real answers on a seeded sample of each BFCL v4 single-turn category (issue 32, acceptance 1, third
 * input kind of {@code BfclOfficialAgreementIT}), along the path a campaign takes: bfcl-eval's own files imported by
 * {@link BfclImporter}, the samples drawn as a campaign's {@code samples: {limit, seed}} draws them
 * ({@link SampleSelector}), each rendered in prompt style {@code bfcl} by the profile's template family and sent through
 * {@link ModelRunner} and {@link ModelGateway} to the in-process GGUF model (profile {@code smollm2}, temperature 0),
 * the raw text decoded by the profile's parser chain. Writes one fixture per category ({@code <category>.json}): the
 * model, profile, template, parser, decoding and seed, and per sample its id, raw output, finish reason and decoded
 * calls (or the parse problem); samples the model refuses before answering (prompt longer than its context) are listed
 * as {@code rejected}. A category whose fixture exists is kept (a stopped run resumes). Run once by {@code bench/run-bfcl-smollm2-record.sh}, never in CI.
 * Usage: {@code BfclSmolLm2Recorder OUT_DIR PROFILE PER_CATEGORY SEED MAX_TOKENS [CATEGORY...]} (PROFILE {@code smollm2}, or
 * {@code smollm2-json}: the same model with its output constrained to the tool-call list schema of the sample's
 * functions, as {@code ibench demo} runs it, so its answers decode to calls).
 */
public final class BfclSmolLm2Recorder {
    static final List<String> CATEGORIES = List.of("simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple", "irrelevance",
            "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance", "live_relevance");

    private BfclSmolLm2Recorder() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: BfclSmolLm2Recorder OUT_DIR PROFILE PER_CATEGORY SEED MAX_TOKENS [CATEGORY...]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        String profileName = args[1];
        int perCategory = Integer.parseInt(args[2]);
        long seed = Long.parseLong(args[3]);
        int maxTokens = Integer.parseInt(args[4]);
        List<String> categories = args.length > 5 ? List.of(args).subList(5, args.length) : CATEGORIES;
        Files.createDirectories(out);

        OfficialBfclChecker official = OfficialBfclChecker.install();
        ModelProfile base = ProfileCatalog.load(null).resolve(profileName);
        ModelProfile profile = base.withDecoding(maxTokens, 0.0);
        ParserChain parser = ParserChains.forProfile(profile.parser());
        Function<String, String> env = name -> ModelClients.MODEL_DIR_ENV.equals(name) && System.getenv(name) == null
                ? Path.of(".tools/models").toAbsolutePath().toString() : System.getenv(name);
        DecodingOverrides decoding = new DecodingOverrides(0.0, null, maxTokens, seed);
        try (ModelGateway gateway = new ModelGateway(profile, ModelClients.create(profile, env, List.of()), null, new EndpointLimiters(), RetryPolicy.none())) {
            for (String key : categories) {
                if (Files.exists(out.resolve(key + ".json"))) {
                    System.out.println(key + ": " + out.resolve(key + ".json") + " exists, kept (delete it to record again)");
                    continue;
                }
                BfclCategory category = BfclCategory.parse(key);
                Path tests = official.data().resolve("BFCL_v4_" + key + ".json");
                Path answers = category.needsAnswers() ? official.data().resolve("possible_answer/BFCL_v4_" + key + ".json") : null;
                List<EvalSample> samples = BfclImporter.read(tests, answers, category).samples();
                Map<String, EvalSample> byId = samples.stream().collect(Collectors.toMap(EvalSample::sampleId, s -> s));
                // as a campaign cell runs it: each sample in its own style, calls bounded as the eval set's (constrained output only)
                ModelRunner runner = new ModelRunner(profile, ModelRunner.inOwnStyle(new PromptRenderer(profile, IclExamples.bundled(PromptStyle.BFCL))),
                        gateway, decoding, CellAblation.NONE, ToolCallSchema.maxCalls(samples));
                List<String> chosen = SampleSelector.select(samples.stream().map(EvalSample::sampleId).toList(), new SampleSelection(perCategory, seed));

                ObjectNode fixture = fixture(key, profile, maxTokens, perCategory, seed);
                ArrayNode outputs = fixture.putArray("outputs");
                ArrayNode rejected = fixture.putArray("rejected");
                long started = System.nanoTime();
                for (String id : chosen) {
                    record(runner, parser, byId.get(id), id, outputs, rejected);
                }
                Path file = out.resolve(key + ".json");
                Files.writeString(file, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(fixture) + "\n");
                System.out.printf(java.util.Locale.ROOT, "%-24s %3d answers, %2d rejected, %5.1f s -> %s%n", key, outputs.size(), rejected.size(),
                        (System.nanoTime() - started) / 1e9, file);
                System.out.flush();
            }
        }
        System.exit(0); // the in-process model leaves non-daemon threads behind
    }

    /** What the fixture says of itself: the category, its source file, the model and profile, the decoding and the sampling. */
    private static ObjectNode fixture(String key, ModelProfile profile, int maxTokens, int perCategory, long seed) {
        ObjectNode fixture = Json.MAPPER.createObjectNode();
        fixture.put("category", key);
        fixture.put("source", "bfcl-eval 2026.3.23 bfcl_eval/data/BFCL_v4_" + key + ".json");
        fixture.put("model", profile.model());
        fixture.put("model_file", profile.modelFile());
        fixture.put("profile", profile.name());
        fixture.put("prompt_style", PromptStyle.BFCL.name().toLowerCase(java.util.Locale.ROOT));
        fixture.put("prompt_template", "prompts/bfcl/" + profile.family() + ".txt");
        fixture.set("parser", Json.MAPPER.valueToTree(profile.parser()));
        if (!"none".equals(profile.constrainedOutput())) {
            fixture.put("constrained_output", profile.constrainedOutput());
        }
        fixture.put("temperature", 0.0);
        fixture.put("max_tokens", maxTokens);
        fixture.put("sample_limit", perCategory);
        fixture.put("sample_seed", seed);
        fixture.put("recorded_by", "bench/run-bfcl-smollm2-record.sh (dev.ibench.bench.BfclSmolLm2Recorder)");
        return fixture;
    }

    /** Asks the model for {@code sample}: its raw output and parse added to {@code outputs}, or why the endpoint refused it to {@code rejected}. */
    private static void record(ModelRunner runner, ParserChain parser, EvalSample sample, String id, ArrayNode outputs, ArrayNode rejected) {
        try {
            CallResult result = runner.answer(sample, 0).result();
            String raw = result.response().text();
            ParsedOutput parsed = parser.parse(raw);
            ObjectNode o = outputs.addObject();
            o.put("sample_id", id);
            o.put("raw_output", raw);
            o.put("finish_reason", result.response().finishReason());
            o.put("completion_tokens", result.response().completionTokens());
            o.put("parse_status", parsed.status().name());
            if (parsed.stage() != null) {
                o.put("parse_stage", parsed.stage());
            }
            if (parsed.problem() != null) {
                o.put("parse_problem", parsed.problem());
            }
            o.set("calls", Json.MAPPER.valueToTree(parsed.calls()));
        } catch (ModelCallException e) {
            ObjectNode r = rejected.addObject();
            r.put("sample_id", id);
            r.put("reason", e.getMessage());
        }
    }
}
