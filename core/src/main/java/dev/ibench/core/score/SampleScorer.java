package dev.ibench.core.score;

import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFormatSensitivityJudge;
import dev.ibench.core.bfcl.BfclJudge;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.metrics.CompletionRateMetric;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.ErrorClassification;
import dev.ibench.core.metrics.IntentMetric;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.LcsMetric;
import dev.ibench.core.metrics.NestfulGrounding;
import dev.ibench.core.metrics.SequenceAccuracyMetric;
import dev.ibench.core.metrics.SequenceErrorClassifier;
import dev.ibench.core.metrics.SlotMetric;
import dev.ibench.core.metrics.SlotPairing;
import dev.ibench.core.nestful.NestfulImporter;
import dev.ibench.core.nestful.NestfulSampleFacts;
import dev.ibench.core.nestful.NestfulStructure;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChain;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Scores one raw model output against its sample with every direct-invocation metric and explains each lost point.
 * The executor is optional: without one, completion is not computed (null).
 */
public final class SampleScorer {
    /** How a malformed item of a WRONG_FORMAT output appears among the predicted names. */
    public static final String MALFORMED_ITEM = "<malformed item>";

    private final ParserChain parser;
    private final CompletionRateMetric completion;
    private final SlotPairing slotPairing;
    private final BiFunction<EvalSample, ParsedOutput, ParsedOutput> restore;
    private final BfclMode bfclMode;

    public SampleScorer(ParserChain parser, SequenceExecutor executorOrNull) {
        this(parser, executorOrNull, SlotPairing.OCCURRENCE);
    }

    public SampleScorer(ParserChain parser, SequenceExecutor executorOrNull, SlotPairing slotPairing) {
        this(parser, executorOrNull == null ? null : new CompletionRateMetric(executorOrNull), slotPairing, (sample, parsed) -> parsed,
                BfclMode.PROMPT);
    }

    private SampleScorer(ParserChain parser, CompletionRateMetric completion, SlotPairing slotPairing,
                         BiFunction<EvalSample, ParsedOutput, ParsedOutput> restore, BfclMode bfclMode) {
        this.parser = parser;
        this.completion = completion;
        this.slotPairing = slotPairing;
        this.restore = restore;
        this.bfclMode = bfclMode;
    }

    /** Whether this scorer computes completion at all (it has an executor); a sample may still be unexecutable. */
    public boolean judgesCompletion() {
        return completion != null;
    }

    /**
     * This scorer reading each parsed raw output back through {@code restore} first: an ablated cell's prediction, in
     * the names the model was shown, becomes one in the sample's own names.
     */
    public SampleScorer restoring(BiFunction<EvalSample, ParsedOutput, ParsedOutput> restore) {
        return new SampleScorer(parser, completion, slotPairing, restore, bfclMode);
    }

    /**
     * This scorer judging BFCL samples' function names as bfcl-eval's handlers of {@code mode} do (the default is
     * {@link BfclMode#PROMPT}): a {@code mode: tools} profile's outputs as its function-calling handlers judge them.
     */
    public SampleScorer judgingBfclAs(BfclMode mode) {
        return new SampleScorer(parser, completion, slotPairing, restore, mode);
    }

    /**
     * Parses and scores a raw output. A parser that breaks on the output (an exception, or a stack overflow on deeply
     * nested text) is the output's problem, deterministic on every retry: it is scored as unparseable with the reason,
     * never left to fail the scoring step (which would end as an infrastructure error). The ablation's {@code restore}
     * runs outside that catch: it may read the results store or call the writer model ({@code toolkit_expansion}), and
     * its failure is the infrastructure's, so it fails the scoring step (retried, then recorded as infra_error).
     */
    public SampleScore score(EvalSample sample, String generatedText) {
        return score(sample, generatedText, null);
    }

    /** {@link #score(EvalSample, String)} of an output whose server returned its reasoning apart (null: none). */
    public SampleScore score(EvalSample sample, String generatedText, String separateReasoning) {
        if (BfclFormatSensitivity.isEntryId(sample.sampleId()) && BfclCategory.of(sample).isPresent()) {
            // decoded as bfcl-eval decodes the entry's configured answer format, not by the profile's parser chain
            BfclFormatSensitivityJudge.Judged judged = BfclFormatSensitivityJudge.judged(sample, generatedText);
            return score(sample, judged.parsed(), generatedText, judged.verdict());
        }
        ParsedOutput parsed;
        try {
            parsed = parser.parse(generatedText, separateReasoning);
        } catch (RuntimeException | StackOverflowError broken) {
            parsed = ParsedOutput.unparseable("parser failed on this output: " + broken.getClass().getSimpleName()
                    + (broken.getMessage() == null ? "" : ": " + broken.getMessage()));
        }
        return score(sample, restore.apply(sample, parsed), generatedText, null);
    }

    public SampleScore score(EvalSample sample, ParsedOutput asAnswered) {
        return score(sample, asAnswered, null, null);
    }

    /**
     * {@link #score(EvalSample, ParsedOutput)} knowing {@code rawOutput}, the text {@code asAnswered} was parsed from (null:
     * unknown; BFCL's function-calling decoding reads it), with the BFCL verdict already given (null: judged here).
     */
    private SampleScore score(EvalSample sample, ParsedOutput asAnswered, String rawOutput, BfclVerdict givenBfcl) {
        // BFCL's verdict judges the names as answered; the other metrics read them as the sample's functions
        ParsedOutput parsed = bfclMode.inSampleNames(sample, asAnswered);
        List<ToolCall> gold = NestfulGrounding.ground(sample.output());
        List<ToolCall> predicted = withMalformedItems(NestfulGrounding.ground(parsed.calls()), parsed.malformedItems());
        List<String> goldNames = gold.stream().map(ToolCall::name).toList();
        List<String> predictedNames = predicted.stream().map(ToolCall::name).toList();
        List<String> lost = new ArrayList<>();

        if (!parsed.isParsed()) {
            lost.add("parse: " + parsed.status().name().toLowerCase() + ": " + parsed.problem());
        }
        Map<IntentMode, Counts> intent = new EnumMap<>(IntentMode.class);
        for (IntentMode mode : IntentMode.values()) {
            intent.put(mode, IntentMetric.count(goldNames, predictedNames, mode));
        }
        explainIntent(goldNames, predictedNames, lost);

        SlotMetric.Result slot = SlotMetric.compare(gold, predicted, slotPairing);
        lost.addAll(slot.lostPoints());

        LcsMetric.Score lcs = LcsMetric.score(goldNames, predictedNames);
        if (lcs.precision() < 1 || lcs.recall() < 1) {
            lost.add("lcs: longest common name subsequence " + lcs.lcsLength() + " of predicted " + predictedNames.size()
                    + " / gold " + goldNames.size());
        }
        SequenceAccuracyMetric.Score sequence = SequenceAccuracyMetric.score(gold, predicted);
        if (!sequence.full()) {
            lost.add("sequence: " + sequence.matchingPositions() + " of " + Math.max(gold.size(), predicted.size())
                    + " aligned calls match exactly (name and all arguments)");
        }
        Boolean completed = completed(sample, parsed, predicted, lost);
        ParsedOutput grounded = parsed.isParsed() ? ParsedOutput.parsed(predicted, parsed.stage()) : parsed;
        ErrorClassification error = SequenceErrorClassifier.classify(grounded, gold, sample.tools());
        if (error.isError()) {
            lost.add("error category: " + error.category().key() + ": " + error.reason());
        }
        NestfulSampleFacts nestful = NestfulImporter.DATASET.equals(sample.datasetName())
                ? new NestfulSampleFacts(gold, predicted, NestfulStructure.of(sample.output())) : null;
        BfclVerdict bfcl = givenBfcl != null ? givenBfcl
                : BfclCategory.of(sample).map(c -> BfclJudge.judge(sample, c, asAnswered, bfclMode, rawOutput)).orElse(null);
        if (bfcl != null && !bfcl.valid()) {
            lost.add("bfcl " + bfcl.category().key() + ": " + bfcl.errorType() + ": " + bfcl.message());
        }
        return new SampleScore(sample.sampleId(), asAnswered, goldNames, predictedNames, intent, slot.counts(), lcs, sequence,
                completed, error, lost, nestful, bfcl);
    }

    /**
     * Whether the predicted calls complete the sample in the tool runtime, with the loss explained; null where it is not
     * executed here. A sample whose database is not available here gets no completion result: that is not the model's loss.
     * BFCL samples are judged by their AST alone (BFCL's AST categories have no executable functions).
     */
    private Boolean completed(EvalSample sample, ParsedOutput parsed, List<ToolCall> predicted, List<String> lost) {
        boolean executable = completion != null && BfclCategory.of(sample).isEmpty() && completion.unavailable(sample).isEmpty();
        if (!executable) {
            return null;
        }
        if (!parsed.isParsed()) {
            lost.add("completion: output not parsed, nothing executed");
            return false;
        }
        CompletionRateMetric.Result run = completion.evaluate(sample, parsed.calls());
        if (!run.completed()) {
            List<String> obs = run.outcome().observations();
            lost.add(predicted.isEmpty() ? "completion: no calls to execute"
                    : !run.outcome().ok() ? "completion: execution failed: " + firstError(obs)
                    : "completion: final answer " + abbreviate(run.outcome().answer()) + " differs from gold " + abbreviate(sample.goldAnswer()));
        }
        return run.completed();
    }

    /**
     * The predicted calls as the metrics see them: each malformed item of a WRONG_FORMAT output counts as one wrong
     * predicted call (the seed authors' scorer counts it), under a name no tool has.
     */
    private static List<ToolCall> withMalformedItems(List<ToolCall> calls, int malformed) {
        if (malformed == 0) {
            return calls;
        }
        List<ToolCall> all = new ArrayList<>(calls);
        for (int i = 0; i < malformed; i++) {
            all.add(new ToolCall(MALFORMED_ITEM, Map.of(), null));
        }
        return all;
    }

    private static void explainIntent(List<String> gold, List<String> predicted, List<String> lost) {
        int prefix = 0;
        while (prefix < gold.size() && prefix < predicted.size() && gold.get(prefix).equals(predicted.get(prefix))) {
            prefix++;
        }
        if (prefix < gold.size() && prefix < predicted.size()) {
            lost.add("intent(list): position " + prefix + " predicted '" + predicted.get(prefix) + "', gold '" + gold.get(prefix)
                    + "'; later positions are not credited");
        } else if (prefix < gold.size()) {
            lost.add("intent: " + (gold.size() - prefix) + " gold call(s) from position " + prefix + " not predicted: " + gold.subList(prefix, gold.size()));
        } else if (prefix < predicted.size()) {
            lost.add("intent: " + (predicted.size() - prefix) + " extra predicted call(s) after the gold sequence: " + predicted.subList(prefix, predicted.size()));
        }
        List<String> remaining = new ArrayList<>(predicted);
        for (String name : gold) {
            if (!remaining.remove(name)) {
                lost.add("intent(counter): gold call '" + name + "' has no predicted counterpart");
            }
        }
        remaining.forEach(name -> lost.add("intent(counter): predicted call '" + name + "' has no gold counterpart"));
    }

    /** The first observation that reports an error (the cause; later errors are usually consequences), else the last one. */
    private static String firstError(List<String> observations) {
        return observations.stream().filter(o -> o.regionMatches(true, 0, "error", 0, 5)).findFirst()
                .orElse(observations.isEmpty() ? "" : observations.get(observations.size() - 1));
    }

    private static String abbreviate(Object value) {
        String s = String.valueOf(value);
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }
}
