package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.ErrorClassification;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.LcsMetric;
import dev.ibench.core.metrics.PassAtK;
import dev.ibench.core.metrics.SequenceAccuracyMetric;
import dev.ibench.core.parse.ParseStatus;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.report.ReportMetrics;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.testing.GoldReplayTestExecutor;
import dev.ibench.core.testing.SharedData;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A trial's aggregates kept as running totals ({@link ScoreTally}, {@link PassAtK.Tally}) are exactly, to the last bit,
 * what the list-based {@link ScoreReport#of} and {@link PassAtK#table} give for the same scores in the same order: the
 * streamed JSON report relies on it to write the same bytes (docs/reports.md#memory-and-progress).
 */
class ScoreTallyTest {
    @Test
    void theTallyOfRandomScoresIsScoreReportOfThemBitForBit() {
        Random random = new Random(33);
        int plainSumDiffers = 0;
        for (int round = 0; round < 20; round++) {
            List<SampleScore> scores = new ArrayList<>();
            int n = 1 + random.nextInt(3000);
            double plain = 0;
            for (int i = 0; i < n; i++) {
                scores.add(randomScore(random, "s" + i));
                plain += scores.get(i).sequence().partial();
            }
            assertSameReport(scores);
            plainSumDiffers += plain / n != ScoreReport.of(scores).partialSequence() ? 1 : 0;
        }
        // the rounds are uneven enough that a plain running sum would not have matched
        assertThat(plainSumDiffers).isPositive();
        assertSameReport(List.of());
    }

    @Test
    void theTallyOfRealScoresWithNestfulSamplesIsScoreReportOfThem() {
        SampleScorer scorer = new SampleScorer(ParserChains.defaultChain(), new GoldReplayTestExecutor());
        List<EvalSample> samples = new ArrayList<>();
        samples.addAll(EvalSetReader.read(SharedData.file("invocable-icl/examples_icl_slot_filling.json")));
        samples.addAll(dev.ibench.core.nestful.NestfulImporter.read(SharedData.file("nestful/nestful_v2_sample50.jsonl")).samples());
        List<SampleScore> scores = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            EvalSample s = samples.get(i);
            String raw = switch (i % 4) {
                case 0 -> json(s.output());
                case 1 -> json(s.output().subList(0, 1));
                case 2 -> {
                    List<dev.ibench.core.sample.ToolCall> reversed = new ArrayList<>(s.output());
                    java.util.Collections.reverse(reversed);
                    yield json(reversed);
                }
                default -> "<think>no answer</think>";
            };
            scores.add(scorer.score(s, raw));
        }
        assertThat(scores).anyMatch(s -> s.nestful() != null).anyMatch(s -> s.completed() != null && !s.completed());
        assertSameReport(scores);
    }

    @Test
    void passAtKKeptAsRunningMeansIsTheTableOfTheSamples() {
        Random random = new Random(7);
        for (int round = 0; round < 20; round++) {
            PassAtK.Tally tally = new PassAtK.Tally();
            List<PassAtK.Trials> samples = new ArrayList<>();
            int maxK = 1 + random.nextInt(10);
            for (int i = 0; i < 1 + random.nextInt(5000); i++) {
                int n = 1 + random.nextInt(maxK);
                PassAtK.Trials t = new PassAtK.Trials(n, random.nextInt(n + 1));
                samples.add(t);
                tally.add(t);
            }
            assertThat(tally.table("completion", maxK)).isEqualTo(PassAtK.table("completion", samples, maxK));
            assertThat(tally.table("completion", maxK + 2)).isEqualTo(PassAtK.table("completion", samples, maxK + 2));
        }
        assertThat(new PassAtK.Tally().table("completion", 3)).isEqualTo(PassAtK.table("completion", List.of(), 3)).isEmpty();
    }

    private static void assertSameReport(List<SampleScore> scores) {
        ScoreTally tally = new ScoreTally();
        scores.forEach(tally::add);
        ScoreReport expected = ScoreReport.of(scores);
        assertThat(tally.report(scores)).isEqualTo(expected);
        assertThat(tally.samples()).isEqualTo(scores.size());
        // without its per-sample scores, the report's metrics are the same given the reasoning-only count
        ScoreReport bare = tally.report(List.of());
        assertThat(bare.perSample()).isEmpty();
        assertThat(ReportMetrics.flatten(bare, tally.reasoningOnly())).isEqualTo(ReportMetrics.flatten(expected));
        assertThat(bare.aggregateJsonTree()).isEqualTo(expected.aggregateJsonTree());
    }

    private static SampleScore randomScore(Random random, String id) {
        Map<IntentMode, Counts> intent = new EnumMap<>(IntentMode.class);
        for (IntentMode mode : IntentMode.values()) {
            intent.put(mode, new Counts(random.nextInt(5), random.nextInt(3), random.nextInt(3)));
        }
        ParseStatus status = ParseStatus.values()[random.nextInt(ParseStatus.values().length)];
        ParsedOutput parsed = new ParsedOutput(status, List.of(), "json", null);
        // uneven doubles, so a plain running sum would differ from the compensated one in the last bits
        double precision = random.nextInt(4) == 0 ? 1.0 / (1 + random.nextInt(7)) : random.nextDouble();
        double recall = random.nextDouble() * random.nextDouble();
        double partial = random.nextInt(3) == 0 ? 2.0 / 3 : random.nextDouble();
        Boolean completed = switch (random.nextInt(3)) {
            case 0 -> null;
            case 1 -> true;
            default -> false;
        };
        ErrorClassification error = random.nextBoolean() ? ErrorClassification.NONE
                : new ErrorClassification(BfclErrorCategory.values()[random.nextInt(BfclErrorCategory.values().length)], "because");
        return new SampleScore(id, parsed, List.of("a"), List.of("b"), intent, new Counts(random.nextInt(4), random.nextInt(2), random.nextInt(2)),
                new LcsMetric.Score(random.nextInt(3), precision, recall), new SequenceAccuracyMetric.Score(random.nextInt(3), partial, random.nextBoolean()),
                completed, error, List.of(), null, null);
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
