package dev.ibench.workers.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.PythonCallStage;
import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflow;
import io.temporal.api.enums.v1.EventType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 items 3 and 5 end to end on the real dev server: a campaign file names BFCL multi-turn eval sets imported from
 * bfcl-eval's own package files (4 multi_turn_base and 3 multi_turn_miss_func entries, the latter with functions added at
 * a later turn); the oracle (test tool) answers each turn with its ground truth. Each entry runs as a child workflow of
 * turns whose calls execute against the official backends; every entry scores valid with every checked turn correct,
 * exactly as bfcl-eval's own multi_turn_checker judges the same decoded calls; the report shows the categories'
 * accuracy, per-turn accuracy and BFCL's overall; the event history reads as the conversation.
 */
class MultiTurnCampaignIT {
    private static final int BASE = 4;
    private static final int MISS_FUNC = 3;

    @TempDir Path dir;

    @Test
    void theOracleReplayingTheGroundTruthScoresEveryEntryAsBfclEvalDoes() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        Path base = write(bfclEval, "multi_turn_base", BASE);
        Path missFunc = write(bfclEval, "multi_turn_miss_func", MISS_FUNC);
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: multi-turn
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: mt-base, eval_set: %s}
                  - {name: mt-miss-func, eval_set: %s}
                modes: [react]
                react: {budget: 10, observation_chars: 1000, steps_per_turn: 3}
                samples_in_flight: 4
                """.formatted(base, missFunc));
        try (CampaignHarness harness = CampaignHarness.withRoles(dir, "workflows,llm,tools,scoring", Map.of(BfclEvalPackage.ENV, official.root().toString()),
                "--models-from", campaignFile.toString())) {
            long started = System.nanoTime();
            CampaignStatus status = harness.run(campaignFile, "mt", Duration.ofMinutes(4));
            long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            CampaignServices services = harness.services();

            List<OfficialBfclChecker.MultiTurnCase> cases = new ArrayList<>();
            Map<String, MultiTurnScore> ours = new LinkedHashMap<>();
            Map<String, BfclMultiTurnEntry> entries = new LinkedHashMap<>();
            for (Path set : List.of(base, missFunc)) {
                BfclMultiTurnEvalSet.read(set).entries().forEach(e -> entries.put(e.id(), e));
            }
            for (String cell : List.of("mt/oracle/mt-base/react", "mt/oracle/mt-miss-func/react")) {
                for (SampleResultRecord r : services.store().sampleResults(cell)) {
                    assertThat(r.status()).as(r.sampleId() + ": " + r.error()).isEqualTo(SampleResultRecord.SCORED);
                    MultiTurnScore score = Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class);
                    BfclMultiTurnEntry e = entries.get(r.sampleId());
                    ours.put(r.sampleId(), score);
                    cases.add(new OfficialBfclChecker.MultiTurnCase(r.sampleId(), e.category(), officialEntry(e), score.decodedCalls(), e.groundTruth()));
                }
            }
            assertThat(ours).hasSize(BASE + MISS_FUNC);
            List<OfficialBfclChecker.Verdict> theirs = official.judgeMultiTurn(cases);
            int agree = 0;
            List<String> positional = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                MultiTurnScore s = ours.get(cases.get(i).key());
                OfficialBfclChecker.Verdict v = theirs.get(i);
                assertThat(s.valid() + " " + s.errorType()).as(cases.get(i).key() + " ibench vs bfcl-eval").isEqualTo(v.valid() + " " + v.errorType());
                agree++;
                assertThat(s.turnsRun()).isEqualTo(s.turns());
                BfclMultiTurnEntry e = entries.get(cases.get(i).key());
                if (hasPositionalCall(e)) {
                    // bfcl-eval's decoding keeps keyword arguments only, so sort('a.pdf') replayed as text runs as sort()
                    positional.add(e.id() + " (" + s.errorType() + " at turn " + s.failedTurn() + ")");
                    continue;
                }
                assertThat(s.valid()).as(cases.get(i).key() + " gold replay").isTrue();
                assertThat(s.turnsPassed()).as(cases.get(i).key() + " turns").isEqualTo(s.turnsChecked()).isPositive();
            }

            CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                    .build("mt", Instant.now().toString());
            // expected from bfcl-eval's own verdicts: its all-or-nothing accuracy per category, and BFCL v4's overall with the
            // multi-turn section (weight 30 of 100) the mean of the four categories (two not run count 0), other sections not run
            Map<String, double[]> officialByCategory = new LinkedHashMap<>();
            for (int i = 0; i < cases.size(); i++) {
                double[] c = officialByCategory.computeIfAbsent(cases.get(i).category(), k -> new double[2]);
                c[0]++;
                c[1] += theirs.get(i).valid() ? 1 : 0;
            }
            double accBase = officialByCategory.get("multi_turn_base")[1] / BASE;
            double accMiss = officialByCategory.get("multi_turn_miss_func")[1] / MISS_FUNC;
            CellReport missCell = report.cells().stream().filter(c -> c.benchmark().equals("mt-miss-func")).findFirst().orElseThrow();
            assertThat(missCell.metrics().get("bfcl.accuracy.multi_turn_miss_func").mean()).isEqualTo(accMiss);
            long checked = 0;
            long passed = 0;
            for (MultiTurnScore sc : ours.values()) {
                if (sc.category().equals("multi_turn_miss_func")) {
                    checked += sc.turnPassed().stream().filter(p -> p != null).count();
                    passed += sc.turnPassed().stream().filter(Boolean.TRUE::equals).count();
                }
            }
            assertThat(missCell.metrics().get("bfcl.multi_turn.turn_accuracy").mean()).isEqualTo(passed / (double) checked);
            BfclOverall overall = BfclOverall.of(report.cells()).get(0);
            assertThat(overall.categories()).containsExactly("multi_turn_base", "multi_turn_miss_func");
            assertThat(overall.v4Overall().mean()).isCloseTo(0.3 * (accBase + accMiss) / 4, org.assertj.core.data.Offset.offset(1e-12));
            String markdown = MarkdownReportRenderer.render(report);
            System.out.println(markdown);
            assertThat(markdown).contains("multi_turn_base").contains("turn_accuracy");

            List<String> summaries = harness.connection().client()
                    .fetchHistory(MultiTurnEntryWorkflow.workflowId("mt/oracle/mt-base/react", 0, 0)).getHistory().getEventsList().stream()
                    .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                    .map(e -> e.getUserMetadata().getSummary().getData().toStringUtf8()).toList();
            System.out.println("MultiTurnCampaignIT: activity summaries of entry 0:\n  " + String.join("\n  ", summaries));
            assertThat(summaries).anyMatch(s -> s.contains("turn 0 · step 1 · think (oracle)"));
            assertThat(summaries).anyMatch(s -> s.contains("turn 0 · step 2 · think (oracle)"));
            // the conversation closed its interpreter on the worker that held it (its own queue), and the close was taken
            List<io.temporal.api.history.v1.HistoryEvent> events = harness.connection().client()
                    .fetchHistory(MultiTurnEntryWorkflow.workflowId("mt/oracle/mt-base/react", 0, 0)).getHistory().getEventsList();
            List<Long> closes = events.stream().filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
                    && e.getActivityTaskScheduledEventAttributes().getActivityType().getName().equals("MultiTurnCloseSession"))
                    .map(io.temporal.api.history.v1.HistoryEvent::getEventId).toList();
            assertThat(closes).as("interpreter closes scheduled").hasSize(1);
            assertThat(events).anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED
                    && e.getActivityTaskCompletedEventAttributes().getScheduledEventId() == closes.get(0));
            System.out.printf("MultiTurnCampaignIT: %d entries (%d multi_turn_base, %d multi_turn_miss_func) in %d s; ibench agrees with bfcl-eval "
                    + "on %d of %d; gold replay valid on every entry but those whose ground truth has a positional argument (bfcl-eval fails "
                    + "them too): %s%n", ours.size(), BASE, MISS_FUNC, seconds, agree, cases.size(), positional);
            assertThat(positional.size()).as("entries left out of the gold-replay check").isLessThan(cases.size() / 2);
        }
    }

    private Path write(BfclEvalPackage bfclEval, String category, int count) throws Exception {
        BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category),
                bfclEval.functionDocs(), category);
        List<BfclMultiTurnEntry> first = imported.entries().subList(0, count);
        Path file = dir.resolve(category + ".json");
        Files.writeString(file, new BfclMultiTurnEvalSet(category, bfclEval.tests(category).toString(), imported.functionDocs(), first).toJson().toString());
        return file;
    }

    /** Whether a ground-truth call passes an argument by position (BFCL's text decoding drops it). */
    static boolean hasPositionalCall(BfclMultiTurnEntry e) {
        return e.groundTruth().stream().flatMap(List::stream).anyMatch(call -> new PythonCallStage().extract("[" + call + "]")
                .map(calls -> ((List<?>) calls).stream().anyMatch(c -> ((Map<?, ?>) ((Map<?, ?>) c).get("arguments")).keySet().stream()
                        .anyMatch(k -> String.valueOf(k).matches("arg_\\d+"))))
                .orElse(false));
    }

    static Map<String, Object> officialEntry(BfclMultiTurnEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("initial_config", e.initialConfig());
        m.put("involved_classes", e.involvedClasses());
        return m;
    }
}
