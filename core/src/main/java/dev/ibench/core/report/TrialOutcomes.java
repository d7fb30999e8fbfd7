package dev.ibench.core.report;

import dev.ibench.core.metrics.PassAtK;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A cell's scored trials per sample, for the statistics over trials: pass@k and pass^k on completion and, for direct
 * cells, on full sequence success ({@link PassAtK}), and how often a sample's trials gave identical outputs
 * ({@code trials.identical_share}: 1.0 means the trials were deterministic, e.g. temperature 0). ReACT and sql cells
 * add their trials with {@link #addCompletion}: completion only (their agent completion, their query's result).
 * <p>A sample's trials are added one after the other (the results store reads a cell sample by sample): each sample is
 * folded into running totals when the next one starts, so memory holds one sample's trials, never the cell's.
 */
public final class TrialOutcomes {
    public static final String IDENTICAL_SHARE = "trials.identical_share";

    private final boolean kept;
    private final PassAtK.Tally completion = new PassAtK.Tally();
    private final PassAtK.Tally full = new PassAtK.Tally();
    private boolean anyFull;
    private int repeated;
    private int identical;
    /** The sample being added: its id, trials, executed and completed trials, full-sequence trials, first output. */
    private String sample;
    private int trialsOfSample;
    private int executed;
    private int completed;
    private boolean allFullKnown;
    private int fullSuccesses;
    private String firstOutput;
    private boolean sameOutputs;

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
        outcome(sampleId, completed, fullSequence, rawOutput);
    }

    /**
     * A trial of a ReACT or sql cell: whether it completed, and what it produced ({@code output}: what makes two trials
     * identical, e.g. a trajectory's calls and final answer, or the model's query).
     */
    public void addCompletion(String sampleId, boolean completed, String output) {
        outcome(sampleId, completed, null, output);
    }

    private void outcome(String sampleId, Boolean itemCompleted, Boolean fullSequence, String output) {
        if (!kept) {
            return;
        }
        if (!sampleId.equals(sample)) {
            fold();
            sample = sampleId;
            allFullKnown = true;
            firstOutput = output;
            sameOutputs = true;
        } else if (!Objects.equals(firstOutput, output)) {
            sameOutputs = false;
        }
        trialsOfSample++;
        if (itemCompleted != null) {
            executed++;
            completed += itemCompleted ? 1 : 0;
        }
        if (fullSequence == null) {
            allFullKnown = false;
        } else {
            fullSuccesses += fullSequence ? 1 : 0;
        }
    }

    /** Adds the sample being added to the running totals. */
    private void fold() {
        if (sample == null) {
            return;
        }
        if (executed > 0) {
            completion.add(new PassAtK.Trials(executed, completed));
        }
        if (allFullKnown) {
            full.add(new PassAtK.Trials(trialsOfSample, fullSuccesses));
            anyFull = true;
        }
        if (trialsOfSample > 1) {
            repeated++;
            identical += sameOutputs ? 1 : 0;
        }
        sample = null;
        trialsOfSample = 0;
        executed = 0;
        completed = 0;
        fullSuccesses = 0;
        firstOutput = null;
    }

    /** The statistics over the trials added (call once every trial is added). */
    public Map<String, Double> metrics(int trials) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (trials < 2) {
            return out;
        }
        fold();
        out.putAll(completion.table("completion", trials));
        if (anyFull) {
            out.putAll(full.table("sequence_full", trials));
        }
        if (repeated > 0) {
            out.put(IDENTICAL_SHARE, identical / (double) repeated);
        }
        return out;
    }
}
