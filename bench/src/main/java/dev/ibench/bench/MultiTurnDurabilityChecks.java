package dev.ibench.bench;

import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checks of {@link BfclSmolLm2MultiTurnDurabilityBench}, each written to {@code checks} and true when it passes: the
 * crashed run against the undisturbed one on the entries both ran, and the undisturbed one against bfcl-eval.
 */
final class MultiTurnDurabilityChecks {
    private static final Pattern ASKED = Pattern.compile("multi-turn step asked of the model: (\\S+) sample (\\S+) turn (\\d+) step (\\d+)");

    /** What the dead worker had stored when it was killed: steps, verdicts, and the calls executed per entry. */
    record AtKill(Set<String> storedSteps, Set<String> verdicts, Map<String, Integer> executed) {}

    /** The two runs: their cells, the entries compared (the crashed run's) and all the undisturbed run ran. */
    record Runs(String calmCell, String crashCell, List<BfclMultiTurnEntry> entries, List<BfclMultiTurnEntry> ran,
                Map<String, MultiTurnScore> calmScores, Map<String, MultiTurnScore> crashScores) {}

    private final Map<String, Object> checks;
    private final ResultsStore results;
    private final Runs runs;
    private final AtKill atKill;
    /** The (entry, turn, step) keys a cell's store holds for the entries given. */
    private final BiFunction<String, List<BfclMultiTurnEntry>, Set<String>> storedSteps;

    MultiTurnDurabilityChecks(Map<String, Object> checks, ResultsStore results, Runs runs, AtKill atKill,
                              BiFunction<String, List<BfclMultiTurnEntry>, Set<String>> storedSteps) {
        this.checks = checks;
        this.results = results;
        this.runs = runs;
        this.atKill = atKill;
        this.storedSteps = storedSteps;
    }

    /** 1. same per-entry verdicts and decoded calls. */
    boolean verdictsEqual() {
        List<String> verdictDiffs = new ArrayList<>();
        for (BfclMultiTurnEntry e : runs.entries()) {
            MultiTurnScore a = runs.calmScores().get(e.id());
            MultiTurnScore b = runs.crashScores().get(e.id());
            if (a == null || b == null || !verdict(a).equals(verdict(b)) || !a.decodedCalls().equals(b.decodedCalls())) {
                verdictDiffs.add(e.id() + ": undisturbed " + (a == null ? "none" : verdict(a)) + ", crashed " + (b == null ? "none" : verdict(b)));
            }
        }
        checks.put("verdicts_equal", (runs.entries().size() - verdictDiffs.size()) + " of " + runs.entries().size());
        checks.put("verdict_differences", verdictDiffs);
        return verdictDiffs.isEmpty() && runs.calmScores().size() == runs.ran().size();
    }

    /** 2. results every executed step got in the entry's interpreter, crashed vs undisturbed. */
    boolean executionsEqual() {
        List<String> executionDiffs = new ArrayList<>();
        int executedSteps = 0;
        for (BfclMultiTurnEntry e : runs.entries()) {
            List<String> a = executions(runs.calmCell(), e.id());
            executedSteps += a.size();
            if (!a.equals(executions(runs.crashCell(), e.id()))) {
                executionDiffs.add(e.id());
            }
        }
        checks.put("executed_steps_undisturbed", executedSteps);
        checks.put("entries_whose_executed_results_differ", executionDiffs);
        return executionDiffs.isEmpty();
    }

    /** 3. model requests per (entry, turn, step), from the workers' own log lines. */
    boolean modelRequests(Path log1, Path log2) throws IOException {
        Set<String> compared = new TreeSet<>(runs.entries().stream().map(BfclMultiTurnEntry::id).toList());
        Map<String, Integer> calmAsked = new TreeMap<>(asked(runs.calmCell(), log1));
        calmAsked.keySet().removeIf(k -> !compared.contains(k.substring(0, k.indexOf('/'))));
        Map<String, Integer> crashAsked = asked(runs.crashCell(), log1, log2);
        Set<String> storedBeforeKill = atKill.storedSteps();
        List<String> storedAskedAgain = storedBeforeKill.stream().filter(k -> crashAsked.getOrDefault(k, 0) != 1).toList();
        List<String> askedTwice = crashAsked.entrySet().stream().filter(x -> x.getValue() > 1).map(x -> x.getKey() + " x" + x.getValue()).toList();
        List<String> calmTwice = calmAsked.entrySet().stream().filter(x -> x.getValue() > 1).map(Map.Entry::getKey).toList();
        Set<String> crashStoredAll = storedSteps.apply(runs.crashCell(), runs.entries());
        List<String> cacheHits = crashCacheHits();
        Map<String, Object> requests = new LinkedHashMap<>();
        requests.put("undisturbed_requests", calmAsked.values().stream().mapToInt(Integer::intValue).sum());
        requests.put("undisturbed_steps", calmAsked.size());
        requests.put("undisturbed_steps_asked_more_than_once", calmTwice);
        requests.put("crashed_requests", crashAsked.values().stream().mapToInt(Integer::intValue).sum());
        requests.put("crashed_steps", crashAsked.size());
        requests.put("crashed_steps_stored", crashStoredAll.size());
        requests.put("stored_before_kill", storedBeforeKill.size());
        requests.put("stored_before_kill_asked_other_than_once", storedAskedAgain);
        requests.put("asked_more_than_once", askedTwice);
        requests.put("stored_steps_served_from_response_cache", cacheHits);
        requests.put("steps_asked_same_as_undisturbed", crashAsked.keySet().equals(calmAsked.keySet()));
        checks.put("model_requests", requests);
        return storedAskedAgain.isEmpty() && calmTwice.isEmpty() && cacheHits.isEmpty() && !storedBeforeKill.isEmpty()
                && askedTwice.stream().noneMatch(s -> storedBeforeKill.contains(s.substring(0, s.lastIndexOf(' '))));
    }

    /** The crashed run's stored steps answered from the response cache. */
    private List<String> crashCacheHits() {
        List<String> cacheHits = new ArrayList<>();
        for (BfclMultiTurnEntry e : runs.entries()) {
            for (String k : storedSteps.apply(runs.crashCell(), List.of(e))) {
                String[] parts = k.split("/");
                if (results.modelCall(runs.crashCell(), e.id(), 0, Integer.parseInt(parts[1]) * 100 + Integer.parseInt(parts[2]))
                        .orElseThrow().cacheHit()) {
                    cacheHits.add(k);
                }
            }
        }
        return cacheHits;
    }

    /** 4. rebuilt backends: execute activities of the new worker reporting rebuilt. */
    boolean rebuiltByReplay(WorkflowClient client) {
        List<BfclMultiTurnEntry> entries = runs.entries();
        List<String> rebuilt = new ArrayList<>();
        for (int position = 0; position < entries.size(); position++) {
            String id = entries.get(position).id();
            if (atKill.verdicts().contains(id)) {
                continue;
            }
            boolean any = client.fetchHistory(MultiTurnEntryWorkflow.workflowId(runs.crashCell(), position, 0)).getHistory()
                    .getEventsList().stream().filter(ev -> ev.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED)
                    .map(MultiTurnDurabilityChecks::result).anyMatch(r -> r.contains("\"rebuilt\":true"));
            if (any) {
                rebuilt.add(id);
            }
        }
        Map<String, Integer> executedAtKill = atKill.executed();
        List<String> resumedWithState = entries.stream().map(BfclMultiTurnEntry::id)
                .filter(id -> executedAtKill.get(id) > 0 && results.toolExecutions(runs.crashCell(), id, 0).size() > executedAtKill.get(id))
                .toList();
        checks.put("entries_with_calls_executed_before_and_after_the_kill", resumedWithState);
        checks.put("entries_rebuilt_by_replay", rebuilt);
        return rebuilt.containsAll(resumedWithState);
    }

    /** 5. bfcl-eval's multi_turn_checker on the undisturbed run's decoded calls. */
    boolean bfclEvalAgrees(OfficialBfclChecker official) throws Exception {
        Map<String, MultiTurnScore> calmScores = runs.calmScores();
        List<OfficialBfclChecker.MultiTurnCase> cases = new ArrayList<>();
        for (BfclMultiTurnEntry e : runs.ran()) {
            MultiTurnScore s = calmScores.get(e.id());
            if (s != null) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("id", e.id());
                m.put("initial_config", e.initialConfig());
                m.put("involved_classes", e.involvedClasses());
                cases.add(new OfficialBfclChecker.MultiTurnCase(e.id(), e.category(), m, s.decodedCalls(), e.groundTruth()));
            }
        }
        List<OfficialBfclChecker.Verdict> theirs = official.judgeMultiTurn(cases);
        List<String> officialDiffs = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            MultiTurnScore s = calmScores.get(cases.get(i).key());
            if (!(s.valid() + " " + s.errorType()).equals(theirs.get(i).valid() + " " + theirs.get(i).errorType())) {
                officialDiffs.add(cases.get(i).key() + ": ibench " + s.valid() + " " + s.errorType() + ", bfcl-eval " + theirs.get(i).valid()
                        + " " + theirs.get(i).errorType());
            }
        }
        checks.put("bfcl_eval_agrees", (cases.size() - officialDiffs.size()) + " of " + cases.size());
        checks.put("bfcl_eval_differences", officialDiffs);
        return officialDiffs.isEmpty() && cases.size() == runs.ran().size();
    }

    /** Requests per (entry, turn, step) of {@code cell}, from the {@code multi-turn step asked of the model} lines of the logs. */
    private static Map<String, Integer> asked(String cell, Path... logs) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        for (Path log : logs) {
            for (String line : Files.readAllLines(log)) {
                Matcher m = ASKED.matcher(line);
                if (m.find() && m.group(1).equals(cell)) {
                    counts.merge(m.group(2) + "/" + m.group(3) + "/" + m.group(4), 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    private List<String> executions(String cell, String sampleId) {
        return results.toolExecutions(cell, sampleId, 0).stream().map(r -> r.step() + " " + r.callJson() + " -> " + r.ok() + " " + r.observation())
                .toList();
    }

    static String verdict(MultiTurnScore s) {
        return s.valid() + " " + s.errorType() + " " + s.turnPassed();
    }

    private static String result(HistoryEvent event) {
        return event.getActivityTaskCompletedEventAttributes().getResult().getPayloadsList().stream()
                .map(p -> p.getData().toStringUtf8()).reduce("", String::concat);
    }
}
