package dev.ibench.core.report;

import dev.ibench.core.metrics.PassAtK;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cell's scored trials per sample, for the statistics over trials: pass@k and pass^k on completion and, for direct
 * cells, on full sequence success ({@link PassAtK}), and how often a sample's trials gave identical outputs
 * ({@code trials.identical_share}: 1.0 means the trials were deterministic, e.g. temperature 0). ReACT and sql cells
 * add their trials with {@link #addCompletion}: completion only (their agent completion, their query's result).
 */
public final class TrialOutcomes {
    public static final String IDENTICAL_SHARE = "trials.identical_share";

    /** @param full null for a cell without sequence scores (ReACT, sql) */
    private record Outcome(Boolean completed, Boolean full, String rawOutput) {}

    private final Map<String, List<Outcome>> bySample = new LinkedHashMap<>();
    private final boolean kept;

    /** Outcomes for statistics over trials, which a cell of one trial has none of. */
    public TrialOutcomes() {
        this(2);
    }

    /** With {@code trials} below 2 nothing is kept ({@link #metrics} gives none): a report holds no item's output for nothing. */
    public TrialOutcomes(int trials) {
        this.kept = trials >= 2;
    }

    /** @param completed null when the sample could not be executed (it then counts for neither side of completion) */
    public void add(String sampleId, Boolean completed, boolean fullSequence, String rawOutput) {
        if (!kept) {
            return;
        }
        bySample.computeIfAbsent(sampleId, k -> new ArrayList<>()).add(new Outcome(completed, fullSequence, rawOutput));
    }

    /**
     * A trial of a ReACT or sql cell: whether it completed, and what it produced ({@code output}: what makes two trials
     * identical, e.g. a trajectory's calls and final answer, or the model's query).
     */
    public void addCompletion(String sampleId, boolean completed, String output) {
        if (!kept) {
            return;
        }
        bySample.computeIfAbsent(sampleId, k -> new ArrayList<>()).add(new Outcome(completed, null, output));
    }

    public Map<String, Double> metrics(int trials) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (trials < 2) {
            return out;
        }
        List<PassAtK.Trials> completion = new ArrayList<>();
        List<PassAtK.Trials> full = new ArrayList<>();
        int repeated = 0;
        int identical = 0;
        for (List<Outcome> outcomes : bySample.values()) {
            List<Outcome> executed = outcomes.stream().filter(o -> o.completed() != null).toList();
            if (!executed.isEmpty()) {
                completion.add(new PassAtK.Trials(executed.size(), (int) executed.stream().filter(Outcome::completed).count()));
            }
            if (outcomes.stream().allMatch(o -> o.full() != null)) {
                full.add(new PassAtK.Trials(outcomes.size(), (int) outcomes.stream().filter(o -> o.full()).count()));
            }
            if (outcomes.size() > 1) {
                repeated++;
                if (new HashSet<>(outcomes.stream().map(Outcome::rawOutput).toList()).size() == 1) {
                    identical++;
                }
            }
        }
        out.putAll(PassAtK.table("completion", completion, trials));
        if (!full.isEmpty()) {
            out.putAll(PassAtK.table("sequence_full", full, trials));
        }
        if (repeated > 0) {
            out.put(IDENTICAL_SHARE, identical / (double) repeated);
        }
        return out;
    }
}
