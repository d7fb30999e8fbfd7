package dev.ibench.workers.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.campaign.PromptFits;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.client.PromptFit;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.SampleSelection;
import dev.ibench.core.campaign.SampleSelector;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.workers.IbenchHome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The demo's campaign: SLOT and SEL eval sets built from the bundled BIRD superhero database and BFCL {@code simple}
 * imported from the bundled {@code data/bfcl} (once; kept under {@code .ibench/demo/benchmarks/}), evaluated with the
 * {@code oracle} test model and the in-process SmolLM2 on a few seeded samples of each.
 * <p>
 * It plans only what can run: each chosen sample's prompt is measured with every chosen model's tokenizer against
 * that model's context ({@link PromptFits}); a sample that does not fit is not sent to any model but listed as
 * skipped, and a benchmark left without samples is left out. The campaign's eval sets are the samples that remain
 * ({@code .ibench/demo/campaign/}), so every planned cell can run to its end.
 */
public final class DemoCampaign {
    /** The seed that picks the demo's samples of each benchmark. */
    static final long SEED = 7;

    /** A demo model: its name in the campaign, its profile and its campaign line. */
    private record DemoModel(String name, String profile, String line) {}

    private static final Map<String, DemoModel> MODELS = new LinkedHashMap<>();

    static {
        MODELS.put("oracle", new DemoModel("oracle", "oracle", "  - {name: oracle, profile: oracle}"));
        MODELS.put("smollm2", new DemoModel("smollm2", "smollm2-json", "  - {name: smollm2, profile: smollm2-json, concurrency: 1}"));
    }

    /**
     * A demo benchmark: its name in the campaign, its full eval set under {@code benchmarks/} and how many samples the
     * demo takes by default (SmolLM2 needs minutes per SLOT prompt, seconds per BFCL one).
     */
    private record DemoBenchmark(String name, String file, int defaultSamples) {}

    private static final List<DemoBenchmark> BENCHMARKS = List.of(
            new DemoBenchmark("slot-superhero", "bird-superhero-slot.json", 1),
            new DemoBenchmark("sel-superhero", "bird-superhero-sel.json", 1),
            new DemoBenchmark("bfcl-simple", "bfcl-simple.json", 3));

    /** A sample of a benchmark not sent because its prompt cannot fit a model's context. */
    public record Skipped(String benchmark, String sampleId, String model, String reason) {
        public String line() {
            return benchmark + " " + sampleId + " (" + model + ") skipped: " + reason;
        }
    }

    /** What {@link #prepare} planned: the campaign file, the samples skipped and the benchmarks left without samples. */
    public record Plan(Path campaignFile, List<String> benchmarks, List<Skipped> skipped, List<String> leftOut) {}

    private final IbenchHome home;
    private final PrintStream log;

    public DemoCampaign(IbenchHome home, PrintStream log) {
        this.home = home;
        this.log = log;
    }

    public Path directory() {
        return home.state().resolve("demo");
    }

    /** Every model the demo can run, in the order the campaign lists them. */
    public static List<String> modelNames() {
        return List.copyOf(MODELS.keySet());
    }

    /** Refuses an empty choice or a name that is not one of the demo's models, naming the accepted ones. */
    public static void checkModels(List<String> models) {
        if (models.isEmpty() || !MODELS.keySet().containsAll(models)) {
            throw new IllegalArgumentException("demo --models " + String.join(",", models) + ": choose one or more of " + String.join(", ", MODELS.keySet()));
        }
    }

    /**
     * Builds the eval sets if missing, picks {@code samples} seeded samples of each benchmark (null: each benchmark's
     * default, 1 SLOT, 1 SEL, 3 BFCL), measures their prompts
     * for the named models ({@code oracle}, {@code smollm2}), and writes the campaign of the samples that fit every
     * model. An unknown or empty selection is refused with the accepted names.
     */
    public Plan prepare(Integer samples, List<String> models) throws IOException {
        checkModels(models);
        if (samples != null && samples < 1) {
            throw new IllegalArgumentException("demo --samples must be 1 or more, got " + samples);
        }
        Path benchmarks = ensureBenchmarks();
        Path campaignDir = directory().resolve("campaign");
        Files.createDirectories(campaignDir);
        List<DemoModel> chosen = MODELS.values().stream().filter(m -> models.contains(m.name())).toList();
        Map<String, ModelProfile> measured = measuredProfiles(chosen);
        List<Skipped> skipped = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        StringBuilder benchmarkLines = new StringBuilder();
        List<String> planned = new ArrayList<>();
        for (DemoBenchmark b : BENCHMARKS) {
            List<EvalSample> all = EvalSetReader.read(benchmarks.resolve(b.file()));
            Set<String> ids = new HashSet<>(SampleSelector.select(all.stream().map(EvalSample::sampleId).toList(),
                    new SampleSelection(samples != null ? samples : b.defaultSamples(), SEED)));
            List<EvalSample> picked = all.stream().filter(s -> ids.contains(s.sampleId())).toList();
            Set<String> fitting = new HashSet<>(ids);
            for (Map.Entry<String, ModelProfile> m : measured.entrySet()) {
                for (Map.Entry<String, Optional<PromptFit>> fit : fits(m.getValue(), picked).entrySet()) {
                    if (fit.getValue().isPresent() && !fit.getValue().get().fits() && fitting.remove(fit.getKey())) {
                        skipped.add(new Skipped(b.name(), fit.getKey(), m.getKey(), fit.getValue().get().reason()));
                    }
                }
            }
            if (fitting.isEmpty()) {
                leftOut.add(b.name());
                continue;
            }
            writeSubset(benchmarks.resolve(b.file()), fitting, campaignDir.resolve(b.name() + ".json"));
            benchmarkLines.append("  - {name: ").append(b.name()).append(", eval_set: campaign/").append(b.name()).append(".json}\n");
            planned.add(b.name());
        }
        if (planned.isEmpty()) {
            throw new IllegalStateException("demo: no chosen sample fits the context of " + String.join(", ", models));
        }
        StringBuilder modelLines = new StringBuilder();
        chosen.forEach(m -> modelLines.append(m.line()).append('\n'));
        Path file = directory().resolve("campaign.yaml");
        Files.writeString(file, """
                # Written by `ibench demo`: the chosen samples of each benchmark whose prompts fit every model's context.
                name: demo
                models:
                %sbenchmarks:
                %smodes: [direct]
                cells_in_flight: 4
                samples_in_flight: 4
                """.formatted(modelLines, benchmarkLines));
        return new Plan(file, planned, skipped, leftOut);
    }

    /** The demo's full eval sets, built or imported on first use. */
    private Path ensureBenchmarks() throws IOException {
        Path benchmarks = directory().resolve("benchmarks");
        Path data = home.root().resolve("data");
        if (!Files.isRegularFile(benchmarks.resolve("bird-superhero-slot.json")) || !Files.isRegularFile(benchmarks.resolve("bird-superhero-sel.json"))) {
            log.println("Building SLOT and SEL eval sets from data/bird (superhero) ...");
            new BenchmarkBuilder(msg -> { }).build(new BuildOptions("bird", data.resolve("bird"), List.of("superhero"),
                    List.of(ToolStyle.SLOT, ToolStyle.SEL), BuildMode.PAPER, benchmarks, data));
        }
        Path bfcl = benchmarks.resolve("bfcl-simple.json");
        if (!Files.isRegularFile(bfcl)) {
            log.println("Importing BFCL simple from data/bfcl ...");
            Path tests = data.resolve("bfcl").resolve("BFCL_v3_simple.json");
            BfclImporter.Result imported = BfclImporter.read(tests, data.resolve("bfcl").resolve("possible_answer").resolve("BFCL_v3_simple.json"),
                    BfclCategory.parse("simple"));
            ObjectNode set = Json.MAPPER.createObjectNode();
            set.put("style", "bfcl");
            set.put("category", "simple");
            set.put("source", tests.getFileName().toString());
            set.set("data", Json.MAPPER.valueToTree(imported.samples()));
            Files.createDirectories(benchmarks);
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(bfcl.toFile(), set);
        }
        return benchmarks;
    }

    /** The chosen models whose provider can measure a prompt before sending it (the oracle cannot, and needs not). */
    private Map<String, ModelProfile> measuredProfiles(List<DemoModel> chosen) {
        ProfileCatalog catalog = ProfileCatalog.load(home.root().resolve("profiles"));
        Map<String, ModelProfile> out = new LinkedHashMap<>();
        for (DemoModel m : chosen) {
            ModelProfile profile = catalog.resolve(m.profile());
            if (profile.provider().equals("gguf")) {
                out.put(m.name(), profile);
            }
        }
        return out;
    }

    private Map<String, Optional<PromptFit>> fits(ModelProfile profile, List<EvalSample> samples) {
        Function<String, String> environment = key -> ModelClients.HOME_ENV.equals(key) ? home.root().toString() : System.getenv(key);
        try (ModelClient client = ModelClients.create(profile, environment, List.of())) {
            return PromptFits.of(profile, client, samples, DecodingOverrides.NONE);
        }
    }

    /** Writes the samples of {@code ids} of an eval set, in its order and layout (a bare array or an object's {@code data}). */
    private static void writeSubset(Path evalSet, Set<String> ids, Path out) throws IOException {
        JsonNode root = Json.MAPPER.readTree(evalSet.toFile());
        JsonNode samples = root.isObject() ? root.get("data") : root;
        ArrayNode kept = Json.MAPPER.createArrayNode();
        samples.forEach(s -> {
            if (ids.contains(s.path("sample_id").asText())) kept.add(s);
        });
        JsonNode written = root.isObject() ? ((ObjectNode) root.deepCopy()).set("data", kept) : kept;
        Json.MAPPER.writeValue(out.toFile(), written);
    }
}
