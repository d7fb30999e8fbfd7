package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.Map;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.testing.BundledData;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.campaign.StoreSetting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench campaign compare} and {@code campaign export} on two campaigns of the same five executable samples,
 * written through the results store API with outputs chosen so that every number below is worked out by hand.
 */
class CampaignCompareCommandTest {
    @TempDir Path dir;
    Path storeFile;
    List<EvalSample> samples;

    @BeforeEach
    void twoCampaigns() throws Exception {
        System.setProperty("ibench.home", BundledData.root().getParent().toString()); // the scorer executes over data/
        Path evalSet = SyntheticEvalSet.writeExecutable(dir.resolve("syn.json"), 5, BundledData.root());
        samples = EvalSetReader.read(evalSet);
        Path campaignFile = dir.resolve("c.yaml");
        Files.writeString(campaignFile, """
                name: compare-fixture
                models:
                  - {name: m, profile: oracle}
                benchmarks:
                  - {name: syn, eval_set: %s}
                """.formatted(evalSet));
        CampaignSpec spec = CampaignStarter.validate(campaignFile);
        storeFile = dir.resolve("results.db");
        // A: gold, gold, prose, prose, gold.  B: gold, prose, gold, gold, infra error.
        try (ResultsDatabase db = ResultsDatabase.open(storeFile)) {
            ResultsStore store = new ResultsStore(db);
            write(store, spec, evalSet, "A", new String[] {"gold", "gold", "prose", "prose", "gold"});
            write(store, spec, evalSet, "B", new String[] {"gold", "prose", "gold", "gold", "infra"});
            // campaign C: the same answers, given by two models of one campaign
            Files.writeString(campaignFile, Files.readString(campaignFile).replace("  - {name: m, profile: oracle}\n",
                    "  - {name: m, profile: oracle}\n  - {name: m2, profile: oracle}\n"));
            CampaignSpec two = CampaignStarter.validate(campaignFile);
            store.saveCampaign("C", two.name(), Json.MAPPER.writeValueAsString(two));
            writeCell(store, evalSet, "C", "m", new String[] {"gold", "gold", "prose", "prose", "gold"});
            writeCell(store, evalSet, "C", "m2", new String[] {"gold", "prose", "gold", "gold", "infra"});
        }
    }

    @AfterEach
    void clearProperties() {
        System.clearProperty("ibench.home");
        System.clearProperty(StoreSetting.PROPERTY);
    }

    private void write(ResultsStore store, CampaignSpec spec, Path evalSet, String campaign, String[] answers) throws Exception {
        store.saveCampaign(campaign, spec.name(), Json.MAPPER.writeValueAsString(spec));
        writeCell(store, evalSet, campaign, "m", answers);
    }

    private void writeCell(ResultsStore store, Path evalSet, String campaign, String model, String[] answers) throws Exception {
        String cell = campaign + "/" + model + "/syn/direct";
        store.saveCell(new CellRecord(cell, campaign, model, "syn", "direct", "none", evalSet.toString(), 1));
        store.saveCellSamples(cell, samples.stream().map(EvalSample::sampleId).toList());
        for (int i = 0; i < answers.length; i++) {
            String id = samples.get(i).sampleId();
            if (answers[i].equals("infra")) {
                store.saveInfraError(cell, id, 0, "503 for too long");
                continue;
            }
            String output = answers[i].equals("gold") ? Json.MAPPER.writeValueAsString(samples.get(i).output()) : "The tallest one, I think.";
            store.saveModelCall(new ModelCallRecord(cell, id, 0, 0, null, output, 10, 10, 1L, false));
            if (campaign.equals("A")) {
                store.savePrompt(cell, id, 0, promptOf(i));
            }
            store.saveSampleResult(new SampleResultRecord(cell, id, 0, SampleResultRecord.SCORED, null, "{}", null));
        }
    }

    /** Item i's rendered prompt: a long system message all items share, and a question of its own (accents, an emoji). */
    private static String promptOf(int i) throws Exception {
        return Json.MAPPER.writeValueAsString(new RenderedPrompt(null, List.of(
                new ChatMessage("system", "You call tools to answer. ".repeat(300)),
                new ChatMessage("user", "Question n\u00b0" + i + ": the \u00e9t\u00e9 hero \uD83E\uDDB8 who is tallest?")),
                List.of(Map.of("name", "filter_data", "description", "keeps the rows whose key equals a value"))));
    }

    /**
     * Prompts are stored once by content (a delta against the cell's base): {@code export --with-prompts} and the HTML
     * drill-down still show each item the exact prompt it was sent.
     */
    @Test
    void exportWithPromptsAndTheDrillDownShowTheExactPromptEachItemSent() throws Exception {
        Path jsonl = dir.resolve("prompts.jsonl");
        CliRun run = CliRun.of("campaign", "export", "A", "--format", "jsonl", "--with-prompts", "--out", jsonl.toString(),
                "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> rows = Files.readAllLines(jsonl);
        assertThat(rows).hasSize(5);
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = Json.MAPPER.readTree(rows.get(i));
            assertThat(row.get("prompts")).hasSize(1);
            assertThat(row.get("prompts").get(0)).as("item %d", i).isEqualTo(Json.MAPPER.readTree(promptOf(samples.indexOf(
                    samples.stream().filter(s -> s.sampleId().equals(row.get("sample_id").asText())).findFirst().orElseThrow()))));
        }
        Path html = dir.resolve("prompts.html");
        run = CliRun.of("campaign", "report", "A", "--format", "html", "--drill-down", "5", "--ui-url", "none", "--out", html.toString(),
                "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        String page = Files.readString(html);
        for (int i = 0; i < 5; i++) {
            assertThat(page).contains("Question n\u00b0" + i + ": the \u00e9t\u00e9 hero \uD83E\uDDB8 who is tallest?");
        }
    }

    private JsonNode compare(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("A", "B"));
        args.addAll(List.of(extra));
        return compareRun(args.toArray(String[]::new));
    }

    private JsonNode compareRun(String... given) throws Exception {
        Path out = dir.resolve("compare-" + System.nanoTime() + ".json");
        List<String> args = new ArrayList<>(List.of("campaign", "compare"));
        args.addAll(List.of(given));
        args.addAll(List.of("--json", "--out", out.toString(), "--store", storeFile.toString()));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
        return Json.MAPPER.readTree(out.toFile());
    }

    @Test
    void deltasOnTheSamplesBothScoredWithASeededInterval() throws Exception {
        JsonNode result = compare("--seed", "7");
        // s4 is scored in A only (an infra error in B): 4 pairs
        JsonNode cell = result.get("cells").get(0);
        assertThat(cell.get("cell").asText()).isEqualTo("m · syn · direct");
        assertThat(cell.get("paired").asInt()).isEqualTo(4);
        assertThat(cell.get("only_a").asInt()).isEqualTo(1);
        assertThat(cell.get("only_b").asInt()).isZero();

        // completed on s0..s3: A = 1, 1, 0, 0 (mean 0.5); B = 1, 0, 1, 1 (mean 0.75); differences 0, -1, 1, 1: +0.25
        JsonNode completed = delta(result, "completed");
        assertThat(completed.get("samples").asInt()).isEqualTo(4);
        assertThat(completed.get("mean_a").asDouble()).isEqualTo(0.5);
        assertThat(completed.get("mean_b").asDouble()).isEqualTo(0.75);
        assertThat(completed.get("delta").asDouble()).isCloseTo(0.25, within(1e-12));
        // the prose answers parse to nothing: intent F1 and parsed move exactly as completion does
        assertThat(delta(result, "intent.list.f1").get("delta").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(delta(result, "parsed").get("delta").asDouble()).isCloseTo(0.25, within(1e-12));
        // sample-level scores that do not change: a gold answer's slot F1 is 1 in both where both are gold
        assertThat(delta(result, "slot.f1").get("mean_a").asDouble()).isEqualTo(0.5);

        // the interval by hand: a resample mean is the mean of 4 draws from {0, -1, 1, 1}; exactly, over the 4^4 equally
        // likely draws, P(mean <= -0.75) = 5/256 < 2.5% < P(mean <= -0.5) = 19/256, and P(mean = 1) = 16/256 > 2.5%
        double[] exact = exactResampleMeans(new double[] {0, -1, 1, 1});
        assertThat(quantile(exact, 0.025)).isEqualTo(-0.5);
        assertThat(quantile(exact, 0.975)).isEqualTo(1.0);
        assertThat(completed.get("ci95").get(0).asDouble()).isEqualTo(-0.5);
        assertThat(completed.get("ci95").get(1).asDouble()).isEqualTo(1.0);

        assertThat(compare("--seed", "7")).as("same seed, same report").isEqualTo(result);
    }

    @Test
    void twoModelsOfOneCampaignAreComparedOnTheirSharedSamplesWithTheSamePairedBootstrap() throws Exception {
        JsonNode result = compareRun("C", "--cells", "m/syn/direct", "C/m2/syn/direct", "--seed", "7");
        assertThat(result.get("compares").asText()).isEqualTo("cells");
        assertThat(result.get("campaign_a").asText()).isEqualTo("C/m/syn/direct");
        assertThat(result.get("campaign_b").asText()).isEqualTo("C/m2/syn/direct");
        JsonNode cell = result.get("cells").get(0);
        assertThat(cell.get("cell").asText()).isEqualTo("m · syn · direct vs m2 · syn · direct");
        // s4 is an infra error of m2: 4 pairs, one sample only in m
        assertThat(cell.get("paired").asInt()).isEqualTo(4);
        assertThat(cell.get("only_a").asInt()).isEqualTo(1);
        assertThat(cell.get("only_b").asInt()).isZero();
        // the answers of campaigns A and B: the same hand-worked values, completed 0.5 -> 0.75, interval [-0.5, +1]
        JsonNode completed = delta(result, "completed");
        assertThat(completed.get("mean_a").asDouble()).isEqualTo(0.5);
        assertThat(completed.get("mean_b").asDouble()).isEqualTo(0.75);
        assertThat(completed.get("delta").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(completed.get("ci95").get(0).asDouble()).isEqualTo(-0.5);
        assertThat(completed.get("ci95").get(1).asDouble()).isEqualTo(1.0);
        JsonNode campaigns = compare("--seed", "7").get("deltas");
        assertThat(result.get("deltas")).hasSameSizeAs(campaigns);
        for (int i = 0; i < campaigns.size(); i++) {
            com.fasterxml.jackson.databind.node.ObjectNode expected = campaigns.get(i).deepCopy();
            expected.put("cell", "m · syn · direct vs m2 · syn · direct");
            assertThat(result.get("deltas").get(i)).as("the same delta as campaign B vs A").isEqualTo(expected);
        }
    }

    @Test
    void badCellArgumentsAreRefusedNamingTheProblem() {
        CliRun unknown = CliRun.of("campaign", "compare", "C", "--cells", "m/syn/direct", "m3/syn/direct", "--store", storeFile.toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("campaign C has no cell 'm3/syn/direct'; its cells: m/syn/direct, m2/syn/direct");
        CliRun twice = CliRun.of("campaign", "compare", "C", "--cells", "m/syn/direct", "C/m/syn/direct", "--store", storeFile.toString());
        assertThat(twice.exit()).isEqualTo(2);
        assertThat(twice.err()).contains("give two different cells");
        CliRun both = CliRun.of("campaign", "compare", "A", "B", "--cells", "m/syn/direct", "m2/syn/direct", "--store", storeFile.toString());
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("--cells compares two cells of one campaign");
        CliRun one = CliRun.of("campaign", "compare", "A", "--store", storeFile.toString());
        assertThat(one.exit()).isEqualTo(2);
        assertThat(one.err()).contains("give two campaign ids (A B), or one campaign id and --cells A B");
    }

    @Test
    void exportWritesOneRowPerSampleTrialInCsvAndJsonLines() throws Exception {
        Path csv = dir.resolve("a.csv");
        CliRun run = CliRun.of("campaign", "export", "A", "--format", "csv", "--out", csv.toString(), "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(1 + 5);
        List<String> header = Arrays.asList(lines.get(0).split(","));
        assertThat(header).startsWith("campaign_id", "cell_id", "model", "benchmark", "mode", "ablation", "sample_id", "trial", "status")
                .contains("intent.list.f1", "completed");
        int completedColumn = header.indexOf("completed");
        assertThat(lines.subList(1, 6).stream().map(l -> l.split(",", -1)[completedColumn]).toList())
                .containsExactly("1", "1", "0", "0", "1");

        Path jsonl = dir.resolve("b.jsonl");
        run = CliRun.of("campaign", "export", "B", "--format", "jsonl", "--out", jsonl.toString(), "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> rows = Files.readAllLines(jsonl);
        assertThat(rows).hasSize(5);
        JsonNode last = Json.MAPPER.readTree(rows.get(4));
        assertThat(last.get("status").asText()).isEqualTo("infra_error");
        assertThat(last.get("scores").isEmpty()).isTrue();
        assertThat(Json.MAPPER.readTree(rows.get(1)).at("/scores/completed").asDouble()).isZero();

        Path html = dir.resolve("a.html");
        run = CliRun.of("campaign", "report", "A", "--format", "html", "--drill-down", "2", "--ui-url", "none", "--out", html.toString(),
                "--store", storeFile.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        String page = Files.readString(html);
        assertThat(count(page, "<details class=\"sample\"")).isEqualTo(5);
        assertThat(count(page, "<summary>raw output</summary>")).as("details for the first 2 items only").isEqualTo(2);
        assertThat(page).contains("3 items listed with their scores only").doesNotContain("temporal-ui");

        CliRun bad = CliRun.of("campaign", "export", "A", "--format", "xlsx", "--store", storeFile.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--format must be csv, jsonl or bfcl, got 'xlsx'");
    }

    private static JsonNode delta(JsonNode result, String metric) {
        for (JsonNode d : result.get("deltas")) {
            if (d.get("metric").asText().equals(metric)) {
                return d;
            }
        }
        throw new AssertionError("no delta of " + metric + " in " + result);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** Every equally likely resample mean of {@code d} (n^n index tuples), sorted. */
    private static double[] exactResampleMeans(double[] d) {
        int n = d.length;
        int total = (int) Math.pow(n, n);
        double[] means = new double[total];
        for (int t = 0; t < total; t++) {
            double sum = 0;
            for (int i = 0, rest = t; i < n; i++, rest /= n) {
                sum += d[rest % n];
            }
            means[t] = sum / n;
        }
        Arrays.sort(means);
        return means;
    }

    /** Nearest rank: the ceil(p * N)-th smallest. */
    private static double quantile(double[] sorted, double p) {
        return sorted[(int) Math.ceil(p * sorted.length) - 1];
    }
}
