package dev.ibench.core.score;

import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.LcsMetric;
import dev.ibench.core.metrics.PrecisionRecallF1;
import dev.ibench.core.nestful.NestfulSummary;
import dev.ibench.core.parse.ParseStatus;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One trial's {@link ScoreReport} aggregates kept as running totals while its samples are scored one at a time, so a
 * report does not hold the trial's per-sample scores to aggregate them ({@link ScoreReport#of} is this over a list; sums
 * of doubles use the compensated summation of {@link DoubleSummaryStatistics}, as {@code DoubleStream.sum()} does). Only NESTful rows and
 * BFCL verdicts are kept, one small record per NESTful or BFCL sample, for their summaries.
 */
public final class ScoreTally {
    private int samples;
    private int parsed;
    private int reasoningOnly;
    private final Counts[] intent = new Counts[IntentMode.values().length];
    private Counts slot = Counts.ZERO;
    private int executed;
    private int completed;
    private final DoubleSummaryStatistics lcsPrecision = new DoubleSummaryStatistics();
    private final DoubleSummaryStatistics lcsRecall = new DoubleSummaryStatistics();
    private final DoubleSummaryStatistics partial = new DoubleSummaryStatistics();
    private int full;
    private final int[] errors = new int[BfclErrorCategory.values().length];
    private final List<NestfulSummary.Row> nestfulRows = new ArrayList<>();
    private final List<BfclVerdict> verdicts = new ArrayList<>();
    private final List<BfclVerdict> unscoredVerdicts = new ArrayList<>();
    private final List<BfclSummary.FormatSensitivityVerdict> formatSensitivity = new ArrayList<>();

    public ScoreTally() {
        java.util.Arrays.fill(intent, Counts.ZERO);
    }

    public void add(SampleScore s) {
        samples++;
        for (IntentMode mode : IntentMode.values()) {
            intent[mode.ordinal()] = intent[mode.ordinal()].plus(s.intent().get(mode));
        }
        slot = slot.plus(s.slot());
        if (s.completed() != null) {
            executed++;
            completed += s.completed() ? 1 : 0;
        }
        lcsPrecision.accept(s.lcs().precision());
        lcsRecall.accept(s.lcs().recall());
        partial.accept(s.sequence().partial());
        full += s.sequence().full() ? 1 : 0;
        if (s.error().isError()) {
            errors[s.error().category().ordinal()]++;
        }
        parsed += s.parsed().isParsed() ? 1 : 0;
        reasoningOnly += s.parsed().status() == ParseStatus.REASONING_ONLY ? 1 : 0;
        if (s.nestful() != null) {
            nestfulRows.add(new NestfulSummary.Row(s.nestful(), s.sequence().partial(), s.sequence().full(), s.completed()));
        }
        if (s.bfcl() != null && BfclFormatSensitivity.isEntryId(s.sampleId())) {
            formatSensitivity.add(new BfclSummary.FormatSensitivityVerdict(BfclFormatSensitivity.EntryId.parse(s.sampleId()).config(), s.bfcl(), false));
        } else if (s.bfcl() != null) {
            verdicts.add(s.bfcl());
        }
    }

    /**
     * A BFCL entry of this trial without a model output (rejected, infra_error), with its verdict as bfcl-eval would
     * give it ({@code BfclJudge.unscored}): in the BFCL denominators only, never in the other metrics.
     */
    public void addUnscoredBfcl(BfclVerdict verdict) {
        unscoredVerdicts.add(verdict);
    }

    /** {@link #addUnscoredBfcl(BfclVerdict)} of sample {@code sampleId}: a {@code format_sensitivity} entry counts in its configuration. */
    public void addUnscoredBfcl(String sampleId, BfclVerdict verdict) {
        if (BfclFormatSensitivity.isEntryId(sampleId)) {
            formatSensitivity.add(new BfclSummary.FormatSensitivityVerdict(BfclFormatSensitivity.EntryId.parse(sampleId).config(), verdict, true));
        } else {
            unscoredVerdicts.add(verdict);
        }
    }

    /** The samples added. */
    public int samples() {
        return samples;
    }

    /** The samples whose output was only reasoning ({@code reasoning_only_rate}). */
    public int reasoningOnly() {
        return reasoningOnly;
    }

    /** The trial's report with {@code perSample} as its per-sample scores (all of them, some or none). */
    public ScoreReport report(List<SampleScore> perSample) {
        Map<IntentMode, PrecisionRecallF1> intentScores = new LinkedHashMap<>();
        for (IntentMode mode : IntentMode.values()) {
            intentScores.put(mode, intent[mode.ordinal()].scores());
        }
        Double completion = executed == 0 ? null : completed / (double) executed;
        PrecisionRecallF1 lcs = LcsMetric.ofMeans(samples, lcsPrecision.getAverage(), lcsRecall.getAverage());
        double partialMean = samples == 0 ? 0 : partial.getSum() / samples;
        double fullShare = samples == 0 ? 0 : full / (double) samples;
        Map<BfclErrorCategory, Integer> errorCounts = new LinkedHashMap<>();
        for (BfclErrorCategory c : BfclErrorCategory.values()) {
            errorCounts.put(c, errors[c.ordinal()]);
        }
        NestfulSummary nestful = nestfulRows.isEmpty() ? null : NestfulSummary.of(nestfulRows);
        BfclSummary bfcl = verdicts.isEmpty() && unscoredVerdicts.isEmpty() && formatSensitivity.isEmpty() ? null
                : BfclSummary.of(verdicts, unscoredVerdicts, formatSensitivity);
        return new ScoreReport(samples, parsed, intentScores, slot.scores(), completion, lcs, partialMean, fullShare, errorCounts,
                new ArrayList<>(perSample), nestful, bfcl);
    }
}
