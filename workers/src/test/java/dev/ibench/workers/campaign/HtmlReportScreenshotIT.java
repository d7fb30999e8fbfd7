package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.campaign.Budget;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.react.ReactEnd;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.cli.IbenchCli;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The HTML report of a campaign with two models, two styles (SLOT and SEL superhero), direct and ReACT cells and
 * obfuscation and tool-universe ablation cells, rendered by headless Chromium: the seed's tables and every chart are on
 * the page with their series, and the screenshot shows them. The campaign's results are written through the real
 * results store API (outputs and trajectory outcomes designed below, so the expected values are known by hand); the
 * report is made by the real {@code ibench campaign report} command, which re-scores the stored outputs.
 */
class HtmlReportScreenshotIT {
    static final Path OUT = Path.of("target", "html-report");
    static final int SAMPLES = 4;
    static final int TRIALS = 2;
    static final String CAMPAIGN = "report-it";
    static final List<String> MODELS = List.of("strong", "weak");
    static final List<String> ABLATIONS = List.of("none", "obfuscated", "universe:25", "universe:50");

    @TempDir Path dir;

    @AfterEach
    void forgetStore() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    /**
     * Samples (of 4) answered with the gold as shown, per trial, in the ablation cells (direct: the product runs
     * ablations on direct cells); the others answer prose. Fewer tools shown completes more (seed Figure 4), obfuscated
     * names fewer (Figure 3). The cells without ablation have their own answers ({@link #directCell}).
     */
    static final Map<String, int[]> ABLATION_GOLD = Map.of(
            "strong/obfuscated", new int[] {2, 1}, "strong/universe:25", new int[] {4, 4}, "strong/universe:50", new int[] {4, 3},
            "weak/obfuscated", new int[] {0, 1}, "weak/universe:25", new int[] {3, 2}, "weak/universe:50", new int[] {2, 2});

    /** Completed ReACT samples per trial (of 4). */
    static final Map<String, int[]> REACT_COMPLETED = Map.of("strong", new int[] {3, 3}, "weak", new int[] {1, 2});

    @Test
    void theReportOfATwoModelTwoStyleCampaignRendersItsTablesAndEveryChart() throws Exception {
        Map<String, Path> sets = Map.of("slot", SuperheroEvalSets.slot(), "sel", SuperheroEvalSets.sel());
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: report-fixture
                models:
                  - {name: strong, profile: oracle}
                  - {name: weak, profile: oracle}
                benchmarks:
                  - {name: slot, eval_set: %s}
                  - {name: sel, eval_set: %s}
                modes: [direct]
                ablations: [none, obfuscated, 'universe:25', 'universe:50']
                trials: %d
                samples: {limit: %d}
                """.formatted(sets.get("slot"), sets.get("sel"), TRIALS, SAMPLES));
        CampaignSpec spec = CampaignStarter.validate(campaignFile);
        Path storeFile = dir.resolve("results.db");
        int items = 0;
        try (ResultsDatabase db = ResultsDatabase.open(storeFile)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign(CAMPAIGN, spec.name(), Json.MAPPER.writeValueAsString(spec));
            for (String model : MODELS) {
                for (String benchmark : List.of("slot", "sel")) {
                    List<EvalSample> samples = EvalSetReader.read(sets.get(benchmark)).subList(0, SAMPLES);
                    items += directCell(store, model, benchmark, sets.get(benchmark), samples);
                    for (String ablation : ABLATIONS.subList(1, ABLATIONS.size())) {
                        items += ablationCell(store, spec, model, benchmark, ablation, sets.get(benchmark), samples);
                    }
                    items += reactCell(store, model, benchmark, sets.get(benchmark), samples);
                }
            }
            // the ledger of one ReACT cell: a failed attempt (10 ms), an answer of 1200 + 300 tokens (50 ms) at $2.5/M in and
            // $10/M out = 0.003 + 0.003 = $0.006, and a cache hit (free); a campaign budget of $1
            SpendStore spend = new SpendStore(db);
            String priced = CAMPAIGN + "/strong/slot/react";
            spend.record(new SpendEntry(CAMPAIGN, priced, "strong", "e", "s1", 0, 1, SpendEntry.FAILED, "SERVER_ERROR", 0, 0, 10, 0.0));
            spend.record(new SpendEntry(CAMPAIGN, priced, "strong", "e", "s1", 0, 1, SpendEntry.OK, null, 1200, 300, 50, 0.006));
            spend.record(new SpendEntry(CAMPAIGN, priced, "strong", "e", "s2", 0, 0, SpendEntry.CACHE_HIT, null, 1200, 300, 0, 0.0));
            spend.saveBudget(CAMPAIGN, SpendStore.CAMPAIGN_SCOPE, new Budget(1.0, null));
        }

        Files.createDirectories(OUT);
        Path html = OUT.resolve("campaign-report.html").toAbsolutePath();
        System.setProperty(StoreSetting.PROPERTY, "jdbc:sqlite:" + storeFile);
        int exit = new CommandLine(new IbenchCli()).execute("campaign", "report", CAMPAIGN, "--format", "html", "--out", html.toString(),
                "--ui-url", "http://127.0.0.1:8233");
        assertThat(exit).isZero();
        String page = Files.readString(html);
        assertThat(page).as("self-contained: nothing fetched from elsewhere")
                .doesNotContain("<script").doesNotContain("<link").doesNotContain(" src=").doesNotContain("@import").doesNotContain("url(");

        Path png = OUT.resolve("campaign-report.png").toAbsolutePath();
        Files.deleteIfExists(png);
        chromium("--screenshot=" + png, html);
        String dom = chromium("--dump-dom", html);
        Files.writeString(OUT.resolve("campaign-report.dom.html"), dom);

        // Table 1: one row per model and style, in the paper's column layout
        String table1 = element(dom, "<table class=\"paper\" id=\"direct-table\">", "</table>");
        assertThat(table1).contains("<th colspan=\"3\">intent</th><th colspan=\"3\">slot</th>").contains("SQL compl. rate");
        assertThat(count(table1, "<tr data-model=")).isEqualTo(4);
        // strong answers the gold everywhere but one trial of one sample (a hallucinated tool name): intent P = 1.000 in trial 0
        assertThat(table1).contains("data-model=\"strong\" data-benchmark=\"slot\"").contains("data-model=\"weak\" data-benchmark=\"sel\"");
        // Table 2: ReACT rows; strong on slot completes 3 of 4 in both trials: 0.750 ± 0.000
        String table2 = element(dom, "<table class=\"paper\" id=\"react-table\">", "</table>");
        assertThat(count(table2, "<tr data-model=")).isEqualTo(4);
        assertThat(table2).contains("<th>avg. loops</th><th>OOB</th><th>stuck</th>");
        assertThat(row(table2, "strong", "slot")).as("base comp.: the direct cell's 4 then 3 of 4, then the agent's")
                .contains("<td>0.875 ± 0.177</td><td>0.750 ± 0.000</td>");
        assertThat(row(table2, "weak", "sel")).as("weak: 1 then 2 of 4").contains("<td>0.375 ± 0.177</td>");
        // weak's failures: trial 0 samples 1, 3 stuck and 2 out of budget; trial 1 sample 3 stuck and 2 out of budget
        assertThat(row(table2, "weak", "slot")).as("OOB, stuck, unclassified")
                .contains("<td>0.250 ± 0.000</td><td>0.375 ± 0.177</td><td>0.000 ± 0.000</td></tr>");
        assertThat(row(table2, "strong", "slot")).as("strong: sample 3 stuck in both trials")
                .contains("<td>0.000 ± 0.000</td><td>0.250 ± 0.000</td><td>0.000 ± 0.000</td></tr>");

        // every chart, with its series and non-empty bars or points
        Map<String, List<String>> expectedSeries = new LinkedHashMap<>();
        expectedSeries.put("errors-slot", List.of("instruction_alignment_failure", "hallucinated_func_name"));
        expectedSeries.put("errors-sel", List.of("instruction_alignment_failure", "hallucinated_func_name"));
        expectedSeries.put("direct-intent.list.f1", MODELS);
        expectedSeries.put("direct-slot.f1", MODELS);
        expectedSeries.put("direct-completion_rate", MODELS);
        expectedSeries.put("react-completion_rate", MODELS);
        expectedSeries.put("obfuscation-direct", List.of("plain", "obfuscated"));
        expectedSeries.put("universe-direct-slot", MODELS);
        expectedSeries.put("universe-direct-sel", MODELS);
        List<String> charts = allMatches(dom, "<svg[^>]*data-chart=\"([^\"]+)\"");
        assertThat(charts).containsExactlyInAnyOrderElementsOf(expectedSeries.keySet());
        expectedSeries.forEach((chart, series) -> {
            String svg = element(dom, "data-chart=\"" + chart + "\"", "</svg>");
            for (String s : series) {
                String group = element(svg, "data-series=\"" + s + "\"", "</g>");
                List<Double> values = allMatches(group, "data-value=\"([0-9.]+)\"").stream().map(Double::valueOf).toList();
                assertThat(values).as("%s: series %s has marks with values", chart, s).isNotEmpty().anyMatch(v -> v > 0);
                assertThat(allMatches(group, "class=\"bar\"[^>]*height=\"([0-9.]+)\"").stream().map(Double::valueOf).toList())
                        .as("%s: series %s bars have height", chart, s).allMatch(h -> h > 0);
            }
        });
        // Figure 4 by hand from ABLATION_GOLD and directCell: strong on slot at 25/50/100% = (4+4)/8, (4+3)/8, (4+3)/8;
        // weak (3+2)/8, (2+2)/8, (2+1)/8
        String universe = element(dom, "data-chart=\"universe-direct-slot\"", "</svg>");
        assertThat(allMatches(element(universe, "data-series=\"strong\"", "</g>"), "data-x=\"([0-9]+)\""))
                .containsExactly("25", "50", "100");
        assertThat(allMatches(element(universe, "data-series=\"strong\"", "</g>"), "data-value=\"([0-9.]+)\""))
                .containsExactly("1.0000", "0.8750", "0.8750");
        assertThat(allMatches(element(universe, "data-series=\"weak\"", "</g>"), "data-value=\"([0-9.]+)\""))
                .containsExactly("0.6250", "0.5000", "0.3750");
        // Figure 3: weak obfuscated on sel completes 0 then 1 of 4: 0.125, with its spread as an error bar
        String obfuscation = element(dom, "data-chart=\"obfuscation-direct\"", "</svg>");
        assertThat(element(obfuscation, "data-series=\"obfuscated\"", "</g>")).contains("data-category=\"weak · sel\" data-value=\"0.1250\"")
                .contains("class=\"error-bar\"");
        // Figure 2 by hand: weak answers prose for sample 1 in both trials and for sample 3 in trial 1 (3 alignment
        // failures), and a made-up tool for sample 2 in both trials (2 hallucinated names); strong's one made-up name
        String errors = element(dom, "data-chart=\"errors-slot\"", "</svg>");
        assertThat(element(errors, "data-series=\"instruction_alignment_failure\"", "</g>")).contains("data-category=\"weak\" data-value=\"3.0000\"");
        assertThat(element(errors, "data-series=\"hallucinated_func_name\"", "</g>"))
                .contains("data-category=\"weak\" data-value=\"2.0000\"").contains("data-category=\"strong\" data-value=\"1.0000\"");

        // the spend section, by hand from the ledger rows above: 2 attempts (1 failed), 1 cache hit, the answer's tokens and
        // cost, mean latency (10 + 50) / 2 = 30 ms; cells without rows have no cost
        String spendSection = element(dom, "<section id=\"spend\">", "</section>");
        assertThat(count(spendSection, "<tr data-scope=")).as("20 cells, 1 model, the campaign").isEqualTo(20 + 1 + 1);
        String spentRow = "<td>2</td><td>1</td><td>1</td><td>1200</td><td>300</td><td>0.006000</td><td>30</td></tr>";
        assertThat(spendSection).contains("<tr data-scope=\"" + CAMPAIGN + "/strong/slot/react\"><td>" + CAMPAIGN + "/strong/slot/react</td>" + spentRow)
                .contains("<tr data-scope=\"model strong\"><td>model strong</td>" + spentRow)
                .contains("<tr data-scope=\"campaign\"><td>campaign</td>" + spentRow)
                .contains("<tr data-scope=\"" + CAMPAIGN + "/weak/sel/react\"><td>" + CAMPAIGN + "/weak/sel/react</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>n/a</td><td></td></tr>")
                .contains("Budget of the campaign: {usd: 1.0}");
        assertThat(dom.indexOf("<section id=\"spend\">")).as("a section of the page, before the drill-down")
                .isLessThan(dom.indexOf("<details class=\"sample\""));

        // drill-down: every item, collapsed, escaped; a Temporal UI link per cell
        assertThat(count(dom, "<details class=\"sample\"")).isEqualTo(items);
        assertThat(dom).contains("&lt;script&gt;alert(1)&lt;/script&gt;").contains("rendered prompt").contains("execution trace")
                .contains("lost points");
        assertThat(count(dom, "class=\"temporal-ui\" href=\"http://127.0.0.1:8233/namespaces/default/workflows?query=WorkflowId%3D%22ibench-cell-"))
                .isEqualTo(4 + 16);

        // the screenshot: a PNG with the charts' two first palette colours really drawn
        assertThat(png).exists();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).isNotNull();
        int blue = 0;
        int orange = 0;
        int nonWhite = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                blue += rgb == 0x0072B2 ? 1 : 0;
                orange += rgb == 0xE69F00 ? 1 : 0;
                nonWhite += rgb != 0xFFFFFF ? 1 : 0;
            }
        }
        System.out.printf("HtmlReportScreenshotIT: %s %dx%d, %d non-white, %d blue, %d orange pixels; %d items%n", png,
                image.getWidth(), image.getHeight(), nonWhite, blue, orange, items);
        assertThat(nonWhite).as("not blank").isGreaterThan(image.getWidth() * image.getHeight() / 50);
        assertThat(blue).as("first series drawn").isGreaterThan(2000);
        assertThat(orange).as("second series drawn").isGreaterThan(2000);
    }

    /** A direct cell: strong answers the gold but for sample 3 in trial 1; weak mixes gold, prose and made-up tools. */
    private static int directCell(ResultsStore store, String model, String benchmark, Path evalSet, List<EvalSample> samples) throws Exception {
        String cell = CAMPAIGN + "/" + model + "/" + benchmark + "/direct";
        store.saveCell(new CellRecord(cell, CAMPAIGN, model, benchmark, "direct", "none", evalSet.toString(), TRIALS));
        store.saveCellSamples(cell, samples.stream().map(EvalSample::sampleId).toList());
        int items = 0;
        for (int i = 0; i < samples.size(); i++) {
            EvalSample s = samples.get(i);
            for (int trial = 0; trial < TRIALS; trial++) {
                String output;
                if (model.equals("strong")) {
                    output = i == 3 && trial == 1 ? json(renamedFirst(s.output())) : json(s.output());
                } else {
                    output = switch (i) {
                        case 0 -> json(s.output());
                        case 1 -> "I think the answer is <script>alert(1)</script>.";
                        case 2 -> json(renamedFirst(s.output()));
                        default -> trial == 0 ? json(s.output()) : "Sorry, I cannot call tools.";
                    };
                }
                store.savePrompt(cell, s.sampleId(), trial, "{\"messages\":[{\"role\":\"user\",\"content\":" + Json.MAPPER.writeValueAsString(s.input()) + "}]}");
                store.saveModelCall(new ModelCallRecord(cell, s.sampleId(), trial, 0, null, output, 100, 20, 5L, false));
                store.saveSampleResult(new SampleResultRecord(cell, s.sampleId(), trial, SampleResultRecord.SCORED, null, "{}", null));
                items++;
            }
        }
        return items;
    }

    /** An ablation cell: the gold as the model is shown it (obfuscated names, a universe's tools) for the first samples, else prose. */
    private static int ablationCell(ResultsStore store, CampaignSpec spec, String model, String benchmark, String ablation, Path evalSet,
                                    List<EvalSample> samples) throws Exception {
        String cell = CAMPAIGN + "/" + model + "/" + benchmark + "/direct/" + ablation;
        store.saveCell(new CellRecord(cell, CAMPAIGN, model, benchmark, "direct", ablation, evalSet.toString(), TRIALS));
        store.saveCellSamples(cell, samples.stream().map(EvalSample::sampleId).toList());
        List<EvalSample> all = List.copyOf(new EvalSetCache().samples(evalSet.toString()).values());
        Ablation shown = Ablation.parse(ablation);
        int[] gold = ABLATION_GOLD.get(model + "/" + ablation);
        int items = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            for (int i = 0; i < samples.size(); i++) {
                EvalSample s = samples.get(i);
                String output = i < gold[trial] ? json(shown.shown(s, all, spec.decoding().campaignSeed()).output()) : "No idea.";
                store.saveModelCall(new ModelCallRecord(cell, s.sampleId(), trial, 0, null, output, 100, 20, 5L, false));
                store.saveSampleResult(new SampleResultRecord(cell, s.sampleId(), trial, SampleResultRecord.SCORED, null, "{}", null));
                items++;
            }
        }
        return items;
    }

    private static int reactCell(ResultsStore store, String model, String benchmark, Path evalSet, List<EvalSample> samples)
            throws Exception {
        String cell = CAMPAIGN + "/" + model + "/" + benchmark + "/react";
        store.saveCell(new CellRecord(cell, CAMPAIGN, model, benchmark, "react", "none", evalSet.toString(), TRIALS));
        store.saveCellSamples(cell, samples.stream().map(EvalSample::sampleId).toList());
        int[] completed = REACT_COMPLETED.get(model);
        int items = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            for (int i = 0; i < samples.size(); i++) {
                EvalSample s = samples.get(i);
                boolean done = i < completed[trial];
                boolean oob = !done && i % 2 == 0;
                int loops = done ? s.output().size() + 1 : oob ? 10 : 6;
                // a stuck agent repeats its first call (seed H.1.2: the same step twice in a row)
                List<ToolCall> calls = done || oob ? s.output() : List.of(s.output().get(0), s.output().get(0));
                ReactOutcome outcome = new ReactOutcome(s.sampleId(), oob ? ReactEnd.OUT_OF_BUDGET : ReactEnd.FINAL_ANSWER, done, loops, 10,
                        oob, !done && !oob, false, 0, done ? 0 : 1, done ? "42" : "wrong", calls);
                store.saveModelCall(new ModelCallRecord(cell, s.sampleId(), trial, 0, null, "Thought: start with " + s.output().get(0).name(),
                        100, 20, 5L, false));
                store.saveToolExecution(new ToolExecutionRecord(cell, s.sampleId(), trial, 1, json(s.output().get(0)), "[{\"rows\": 3}]", true));
                store.saveSampleResult(new SampleResultRecord(cell, s.sampleId(), trial, SampleResultRecord.SCORED, done,
                        Json.MAPPER.writeValueAsString(outcome), null));
                items++;
            }
        }
        return items;
    }

    private static List<ToolCall> renamedFirst(List<ToolCall> gold) {
        List<ToolCall> calls = new ArrayList<>(gold);
        calls.set(0, new ToolCall("made_up_tool", gold.get(0).arguments(), gold.get(0).label()));
        return calls;
    }

    private static String json(Object value) throws Exception {
        return Json.MAPPER.writeValueAsString(value);
    }

    private static String row(String table, String model, String benchmark) {
        return element(table, "data-model=\"" + model + "\" data-benchmark=\"" + benchmark + "\"", "</tr>");
    }

    /** The text from {@code start} to the first {@code end} after it. */
    private static String element(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("%s on the page", start).isNotNegative();
        int to = text.indexOf(end, from);
        return text.substring(from, to + end.length());
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** Every match's groups, flattened. */
    private static List<String> allMatches(String text, String regex) {
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            for (int g = 1; g <= m.groupCount(); g++) {
                found.add(m.group(g));
            }
        }
        return found;
    }

    /** Headless Chromium on the local file with {@code action}; returns its stdout. */
    private String chromium(String action, Path file) throws Exception {
        List<String> command = List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + dir.resolve("chromium-profile"), "--hide-scrollbars", "--window-size=1400,4600", action,
                file.toUri().toString());
        Path out = dir.resolve("chromium.out");
        Path log = dir.resolve("chromium.log");
        Process chromium = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile()).start();
        if (!chromium.waitFor(120, TimeUnit.SECONDS)) {
            chromium.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s: " + Files.readString(log));
        }
        assertThat(chromium.exitValue()).as("chromium exit code; log:\n%s", Files.readString(log, StandardCharsets.UTF_8)).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
