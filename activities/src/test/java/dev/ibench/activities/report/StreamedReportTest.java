package dev.ibench.activities.report;

import dev.ibench.core.scratch.ScratchFolder;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.spend.SpendReportSection;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.campaign.Budget;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.compare.CampaignComparison;
import dev.ibench.core.report.compare.ComparisonRenderer;
import dev.ibench.core.report.compare.StandingsComparison;
import dev.ibench.core.report.html.CellLinks;
import dev.ibench.core.report.html.HtmlReportData;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.score.SampleScorer;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports read the store in pages and cell by cell (docs/reports.md#memory-and-progress): the JSON written as each cell
 * is built, and the Markdown made from the cells as kept (metrics and standings only), are byte for byte those of the
 * whole report built in memory, whatever the page size (1 forces a query per item).
 */
class StreamedReportTest {
    private static final String DIRECT = "c/m/b/direct";
    private static final String REACT = "c/m/b/react";
    private static final String SQL = "c/m/b/sql";
    private static final String D_DIRECT = "d/m/b/direct";
    private static final String D_REACT = "d/m/b/react";
    private static final String D_SQL = "d/m/b2/sql";
    @TempDir Path dir;
    private ResultsDatabase db;
    private ResultsStore store;
    private SpendStore spend;
    private final List<String> ids = new ArrayList<>();

    /** Where the reports spool: a folder of the test's own, so {@link #spoolsLeaveNothing} sees every file left. */
    private ScratchFolder scratch() {
        return new ScratchFolder(dir.resolve("scratch"));
    }

    @org.junit.jupiter.api.AfterEach
    void spoolsLeaveNothing() throws Exception {
        if (Files.isDirectory(dir.resolve("scratch"))) {
            try (var left = Files.list(dir.resolve("scratch"))) {
                assertThat(left).as("files the reports left in the scratch folder").isEmpty();
            }
        }
    }

    @BeforeEach
    void fixture() throws Exception {
        JsonNode icl;
        try (InputStream in = getClass().getResourceAsStream("/icl/examples_icl_slot_filling.json")) {
            icl = Json.MAPPER.readTree(in).get("data");
        }
        // 12 samples: 4 copies of the 3 ICL examples under their own ids
        ArrayNode samples = Json.MAPPER.createArrayNode();
        for (int copy = 0; copy < 4; copy++) {
            for (JsonNode s : icl) {
                ObjectNode c = s.deepCopy();
                c.put("sample_id", s.get("sample_id").asText() + "-" + copy);
                samples.add(c);
                ids.add(c.get("sample_id").asText());
            }
        }
        Path evalSet = dir.resolve("icl.json");
        Json.MAPPER.writeValue(evalSet.toFile(), samples);
        db = ResultsDatabase.open(dir.resolve("results.db"));
        store = new ResultsStore(db);
        spend = new SpendStore(db);
        store.saveCampaign("c", "streamed report", "{}");

        // direct, 3 trials: gold, its first call only, prose; an infra_error and a rejected item; one item never ran
        store.saveCell(new CellRecord(DIRECT, "c", "m", "b", "direct", "none", evalSet.toString(), 3));
        store.saveCellSamples(DIRECT, ids);
        for (int i = 0; i < ids.size(); i++) {
            JsonNode gold = samples.get(i).get("output");
            for (int trial = 0; trial < 3; trial++) {
                if (i == 4 && trial == 1) {
                    store.saveInfraError(DIRECT, ids.get(i), trial, "503 for too long");
                    continue;
                }
                if (i == 7 && trial == 2) {
                    store.saveRejected(DIRECT, ids.get(i), trial, "prompt exceeds the context");
                    continue;
                }
                if (i == 11 && trial == 2) {
                    continue;
                }
                String raw = switch ((i + trial) % 3) {
                    case 0 -> Json.MAPPER.writeValueAsString(gold);
                    case 1 -> Json.MAPPER.writeValueAsString(List.of(gold.get(0)));
                    default -> "I do not know \u00e9 \uD83D\uDE00.";
                };
                store.saveModelCall(new ModelCallRecord(DIRECT, ids.get(i), trial, 0, null, raw, 1, 1, 1L, false));
                store.saveSampleResult(new SampleResultRecord(DIRECT, ids.get(i), trial, SampleResultRecord.SCORED, null, "{}", null));
            }
        }
        // react, 2 trials: completed or not, loops varying; one infra_error
        store.saveCell(new CellRecord(REACT, "c", "m", "b", "react", "none", evalSet.toString(), 2));
        store.saveCellSamples(REACT, ids);
        for (int i = 0; i < ids.size(); i++) {
            for (int trial = 0; trial < 2; trial++) {
                if (i == 2 && trial == 0) {
                    store.saveInfraError(REACT, ids.get(i), trial, "connection reset");
                    continue;
                }
                boolean completed = (i + trial) % 2 == 0;
                store.saveSampleResult(new SampleResultRecord(REACT, ids.get(i), trial, SampleResultRecord.SCORED, completed,
                        "{\"mode\":\"react\",\"sample_id\":\"" + ids.get(i) + "\",\"end\":\"" + (completed ? "FINAL_ANSWER" : "OUT_OF_BUDGET")
                                + "\",\"completed\":" + completed + ",\"loops\":" + (1 + i % 5) + ",\"budget\":10,\"oob\":" + !completed
                                + ",\"stuck\":false,\"unclassified\":false,\"parse_failures\":" + (i % 2) + ",\"tool_errors\":0,\"calls\":[]}",
                        null));
            }
        }
        // sql, 1 trial: completed, or failed with a kind
        store.saveCell(new CellRecord(SQL, "c", "m", "b", "sql", "none", evalSet.toString(), 1));
        store.saveCellSamples(SQL, ids);
        for (int i = 0; i < ids.size(); i++) {
            boolean completed = i % 3 != 0;
            store.saveModelCall(new ModelCallRecord(SQL, ids.get(i), 0, 0, null, "SELECT " + i, 1, 1, 1L, false));
            store.saveSampleResult(new SampleResultRecord(SQL, ids.get(i), 0, SampleResultRecord.SCORED, completed,
                    completed ? "{}" : "{\"failure\":\"" + (i % 2 == 0 ? "error" : "wrong_result") + "\"}", null));
        }
        // campaign d for compare: its direct cell of 2 trials answers otherwise (one sample only in c), its react cell of
        // 1 trial completes other samples, and it has a sql cell on another benchmark that c lacks
        store.saveCampaign("d", "streamed report, other run", "{}");
        store.saveCell(new CellRecord(D_DIRECT, "d", "m", "b", "direct", "none", evalSet.toString(), 2));
        store.saveCellSamples(D_DIRECT, ids);
        for (int i = 0; i < ids.size() - 1; i++) {
            JsonNode gold = samples.get(i).get("output");
            for (int trial = 0; trial < 2; trial++) {
                String raw = switch ((i + trial + 1) % 3) {
                    case 0 -> Json.MAPPER.writeValueAsString(gold);
                    case 1 -> Json.MAPPER.writeValueAsString(List.of(gold.get(0)));
                    default -> "No.";
                };
                store.saveModelCall(new ModelCallRecord(D_DIRECT, ids.get(i), trial, 0, null, raw, 1, 1, 1L, false));
                store.saveSampleResult(new SampleResultRecord(D_DIRECT, ids.get(i), trial, SampleResultRecord.SCORED, null, "{}", null));
            }
        }
        store.saveCell(new CellRecord(D_REACT, "d", "m", "b", "react", "none", evalSet.toString(), 1));
        store.saveCellSamples(D_REACT, ids);
        for (int i = 0; i < ids.size(); i++) {
            boolean completed = i % 3 == 0;
            store.saveSampleResult(new SampleResultRecord(D_REACT, ids.get(i), 0, SampleResultRecord.SCORED, completed,
                    "{\"mode\":\"react\",\"sample_id\":\"" + ids.get(i) + "\",\"end\":\"" + (completed ? "FINAL_ANSWER" : "OUT_OF_BUDGET")
                            + "\",\"completed\":" + completed + ",\"loops\":" + (2 + i % 3) + ",\"budget\":10,\"oob\":" + !completed
                            + ",\"stuck\":false,\"unclassified\":false,\"parse_failures\":0,\"tool_errors\":" + (i % 2) + ",\"calls\":[]}",
                    null));
        }
        store.saveCell(new CellRecord(D_SQL, "d", "m", "b2", "sql", "none", evalSet.toString(), 1));
        store.saveCellSamples(D_SQL, ids);
        for (int i = 0; i < ids.size(); i++) {
            store.saveModelCall(new ModelCallRecord(D_SQL, ids.get(i), 0, 0, null, "SELECT " + i, 1, 1, 1L, false));
            store.saveSampleResult(new SampleResultRecord(D_SQL, ids.get(i), 0, SampleResultRecord.SCORED, i % 2 == 0, "{}", null));
        }
        spend.record(new SpendEntry("c", DIRECT, "m", "e", ids.get(0), 0, 1, SpendEntry.FAILED, "SERVER_ERROR", 0, 0, 10, 0.0));
        spend.record(new SpendEntry("c", DIRECT, "m", "e", ids.get(0), 0, 2, SpendEntry.OK, null, 1200, 300, 50, 0.006));
        spend.saveBudget("c", SpendStore.CAMPAIGN_SCOPE, new Budget(0.05, null));
    }

    @org.junit.jupiter.api.AfterEach
    void close() {
        db.close();
    }

    private CampaignReportBuilder builder(int pageSize) {
        return new CampaignReportBuilder(store, new EvalSetCache(), c -> new SampleScorer(ParserChains.defaultChain(), null), pageSize);
    }

    @Test
    void theStreamedJsonIsTheWholeReportsJsonByteForByteAtEveryPageSize() {
        CampaignReport whole = builder(10_000).build("c", "2026-11-26T00:00:00Z");
        String expected = SpendReportSection.of(store, spend, "c").appendTo("json", JsonReportRenderer.render(whole));
        // the fixture reaches every path: three modes, trials, infra errors, a rejected and a pending item
        assertThat(whole.cells()).hasSize(3);
        assertThat(whole.cells().get(0).scored()).isEqualTo(12 * 3 - 3);
        assertThat(whole.cells().get(0).trialReports().get(0).perSample()).hasSize(12);
        assertThat(expected).contains("\"per_sample\"").contains("\"spend\"").contains("\"budgets\"");
        for (int pageSize : new int[] {1, 2, 5, 7, 10_000}) {
            StringWriter out = new StringWriter();
            StreamedJsonReport.write(builder(pageSize), store, spend, "c", "2026-11-26T00:00:00Z", scratch(), out);
            assertThat(out.toString()).as("page size " + pageSize).isEqualTo(expected);
        }
    }

    @Test
    void aCellOfManyPagesAndTrialsIsWrittenEntryByEntryInTrialAndSampleOrder() throws Exception {
        // 40 samples x 4 trials = 160 items, so every page size but the last splits the cell; item (i, t) answers with
        // its gold sequence, its first call only, or prose by (i + t) % 3; sample 5 trial 1 failed, sample 9 trial 3 was
        // rejected, and trial 2 of sample 39 never ran
        JsonNode icl;
        try (InputStream in = getClass().getResourceAsStream("/icl/examples_icl_slot_filling.json")) {
            icl = Json.MAPPER.readTree(in).get("data");
        }
        ArrayNode samples = Json.MAPPER.createArrayNode();
        List<String> big = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ObjectNode c = icl.get(i % icl.size()).deepCopy();
            c.put("sample_id", "big-" + i + (i == 7 ? "-\u00e9\uD83D\uDE00" : ""));
            samples.add(c);
            big.add(c.get("sample_id").asText());
        }
        Path evalSet = dir.resolve("big.json");
        Json.MAPPER.writeValue(evalSet.toFile(), samples);
        String cell = "big/m/b/direct";
        store.saveCampaign("big", "a cell of many pages", "{}");
        store.saveCell(new CellRecord(cell, "big", "m", "b", "direct", "none", evalSet.toString(), 4));
        store.saveCellSamples(cell, big);
        for (int i = 0; i < big.size(); i++) {
            JsonNode gold = samples.get(i).get("output");
            for (int trial = 0; trial < 4; trial++) {
                if (i == 5 && trial == 1) {
                    store.saveInfraError(cell, big.get(i), trial, "503");
                } else if (i == 9 && trial == 3) {
                    store.saveRejected(cell, big.get(i), trial, "too long");
                } else if (!(i == 39 && trial == 2)) {
                    String raw = switch ((i + trial) % 3) {
                        case 0 -> Json.MAPPER.writeValueAsString(gold);
                        case 1 -> Json.MAPPER.writeValueAsString(List.of(gold.get(0)));
                        default -> "No idea.";
                    };
                    store.saveModelCall(new ModelCallRecord(cell, big.get(i), trial, 0, null, raw, 1, 1, 1L, false));
                    store.saveSampleResult(new SampleResultRecord(cell, big.get(i), trial, SampleResultRecord.SCORED, null, "{}", null));
                }
            }
        }
        String expected = SpendReportSection.of(store, spend, "big").appendTo("json",
                JsonReportRenderer.render(builder(10_000).build("big", "t")));
        for (int pageSize : new int[] {1, 3, 7, 64, 10_000}) {
            StringWriter out = new StringWriter();
            StreamedJsonReport.write(builder(pageSize), store, spend, "big", "t", scratch(), out);
            assertThat(out.toString()).as("page size " + pageSize).isEqualTo(expected);
        }
        // the entries themselves, by hand: per trial every sample that has a score there, in the cell's order, each with
        // the calls its output named
        JsonNode trials = Json.MAPPER.readTree(expected).get("cells").get(0).get("trial_reports");
        assertThat(trials).hasSize(4);
        for (int trial = 0; trial < 4; trial++) {
            List<String> ids = new ArrayList<>();
            List<List<String>> predicted = new ArrayList<>();
            for (int i = 0; i < big.size(); i++) {
                if ((i == 5 && trial == 1) || (i == 9 && trial == 3) || (i == 39 && trial == 2)) {
                    continue;
                }
                ids.add(big.get(i));
                List<String> gold = new ArrayList<>();
                samples.get(i).get("output").forEach(c -> gold.add(c.get("name").asText()));
                predicted.add(switch ((i + trial) % 3) {
                    case 0 -> gold;
                    case 1 -> gold.subList(0, 1);
                    default -> List.of();
                });
            }
            JsonNode perSample = trials.get(trial).get("per_sample");
            assertThat(trials.get(trial).get("samples").asInt()).isEqualTo(ids.size());
            List<String> idsSeen = new ArrayList<>();
            List<List<String>> predictedSeen = new ArrayList<>();
            perSample.forEach(e -> {
                idsSeen.add(e.get("sample_id").asText());
                List<String> names = new ArrayList<>();
                e.get("predicted").forEach(n -> names.add(n.asText()));
                predictedSeen.add(names);
            });
            assertThat(idsSeen).as("trial " + trial).isEqualTo(ids);
            assertThat(predictedSeen).as("trial " + trial).isEqualTo(predicted);
        }
    }

    @Test
    void theStreamedHtmlIsTheWholeReportsPageByteForByteAtEveryPageSizeAndDrillDown() throws Exception {
        CellLinks links = cellId -> "http://ui/" + cellId;
        for (int drillDown : new int[] {0, 2, 1000}) {
            List<SampleRow> rows = new ArrayList<>();
            CampaignReport whole = builder(10_000).build("c", "2026-11-26T00:00:00Z", drillDown, rows::add);
            String expected = HtmlReportRenderer.render(new HtmlReportData(whole, rows, links, SpendReportSection.of(store, spend, "c").report()));
            // every part is reached: each cell's rows, with and without detail, the spend section, non-ASCII text
            assertThat(rows).hasSize(36 - 1 + 24 + 12);
            assertThat(expected).contains("<h2 id=\"samples\">").contains("<section id=\"spend\">")
                    .contains(": 35 items").contains(": 24 items").contains(": 12 items");
            if (drillDown == 2) {
                assertThat(expected).contains("33 items listed with their scores only").contains("<summary>question</summary>").contains("raw output");
            }
            if (drillDown == 1000) {
                assertThat(expected).doesNotContain("listed with their scores only").contains("I do not know \u00e9 \uD83D\uDE00.");
            }
            for (int pageSize : new int[] {1, 2, 5, 7, 10_000}) {
                StringWriter out = new StringWriter();
                StreamedHtmlReport.write(builder(pageSize), store, spend, "c", "2026-11-26T00:00:00Z", drillDown, links, scratch(), out);
                assertThat(out.toString()).as("page size " + pageSize + ", drill-down " + drillDown).isEqualTo(expected);
            }
        }
    }

    @Test
    void theComparisonFromSpooledCellsIsTheOneFromEveryRowInMemoryAtEveryPageSize() {
        List<SampleRow> rowsC = new ArrayList<>();
        List<SampleRow> rowsD = new ArrayList<>();
        CampaignReport c = builder(10_000).build("c", "t", 0, rowsC::add);
        CampaignReport d = builder(10_000).build("d", "t", 0, rowsD::add);
        CampaignComparison whole = CampaignComparison.of("c", rowsC, "d", rowsD, 3, 200);
        List<StandingsComparison.Row> standings = StandingsComparison.of(c, d);
        String json = ComparisonRenderer.json(whole, standings);
        String markdown = ComparisonRenderer.markdown(whole, standings);
        // the fixture reaches every path: cells in both, a cell only in d, a sample only in c, deltas of both signs
        assertThat(whole.cells()).extracting(CampaignComparison.CellPairing::cell)
                .containsExactly("m · b · direct", "m · b · react", "m · b · sql", "m · b2 · sql");
        assertThat(whole.cells().get(0).onlyA()).isEqualTo(1);
        assertThat(whole.deltas()).anyMatch(x -> x.delta() > 0).anyMatch(x -> x.delta() < 0);
        CampaignComparison cells = CampaignComparison.ofCells(rowsC, REACT, SQL, 3, 200);
        String cellsJson = ComparisonRenderer.json(cells, StandingsComparison.ofCells(c, REACT, SQL));
        assertThat(cells.deltas()).extracting(CampaignComparison.MetricDelta::metric).containsExactly("completed");
        for (int pageSize : new int[] {1, 2, 5, 7, 10_000}) {
            CampaignComparisons.Result streamed = new CampaignComparisons(builder(pageSize), store, scratch()).campaigns("c", "d", "t", 3, 200);
            assertThat(ComparisonRenderer.json(streamed.comparison(), streamed.standings())).as("json, page size " + pageSize).isEqualTo(json);
            assertThat(ComparisonRenderer.markdown(streamed.comparison(), streamed.standings())).as("md, page size " + pageSize)
                    .isEqualTo(markdown);
            CampaignComparisons.Result twoCells = new CampaignComparisons(builder(pageSize), store, scratch()).cells("c", "m/b/react", SQL, "t", 3, 200);
            assertThat(ComparisonRenderer.json(twoCells.comparison(), twoCells.standings())).as("cells, page size " + pageSize)
                    .isEqualTo(cellsJson);
        }
    }

    @Test
    void theMarkdownOfTheCellsAsKeptIsTheWholeReportsMarkdown() {
        String expected = MarkdownReportRenderer.render(builder(10_000).build("c", "t"));
        for (int pageSize : new int[] {1, 3, 10_000}) {
            List<String> cellsSeen = new ArrayList<>();
            CampaignReport kept = builder(pageSize).stream("c", "t", 0, row -> {}, (cell, standing) -> cellsSeen.add(cell.cellId()));
            assertThat(cellsSeen).containsExactly(DIRECT, REACT, SQL);
            assertThat(kept.cells().get(0).trialReports().get(0).perSample()).as("no per-sample scores kept").isEmpty();
            assertThat(MarkdownReportRenderer.render(kept)).as("page size " + pageSize).isEqualTo(expected);
        }
    }

    @Test
    void pagesGiveEveryResultOnceInTheStoresOrderWithItsRawOutput() {
        for (String cell : List.of(DIRECT, REACT, SQL)) {
            List<SampleResultRecord> expected = store.sampleResults(cell);
            for (int pageSize : new int[] {1, 4, 1000}) {
                List<ResultsStore.StoredResult> read = new ArrayList<>();
                store.forEachSampleResult(cell, pageSize, read::add);
                assertThat(read.stream().map(ResultsStore.StoredResult::result).toList()).as(cell + " page " + pageSize).isEqualTo(expected);
                for (ResultsStore.StoredResult r : read) {
                    var call = store.modelCall(cell, r.result().sampleId(), r.result().trial(), 0);
                    assertThat(r.hasCall()).isEqualTo(call.isPresent());
                    assertThat(r.rawOutput()).isEqualTo(call.map(ModelCallRecord::rawOutput).orElse(null));
                }
            }
        }
    }
}
