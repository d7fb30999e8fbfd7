package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.bfcl.BfclCallRenderer;
import dev.ibench.core.json.Json;
import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.PrecisionRecallF1;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.testing.GoldReplayTestExecutor;
import dev.ibench.core.testing.SharedData;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Acceptance 2: gold as prediction scores 1.0 everywhere and completes; an empty prediction scores 0 and is categorised. */
class SampleScorerPropertyTest {
    private final SampleScorer scorer = new SampleScorer(ParserChains.defaultChain(), new GoldReplayTestExecutor());

    static List<EvalSample> allSamples() {
        List<EvalSample> samples = new ArrayList<>();
        samples.addAll(EvalSetReader.read(SharedData.file("invocable-icl/examples_icl_slot_filling.json")));
        samples.addAll(EvalSetReader.read(SharedData.file("invocable-icl/examples_icl_sequencing.json")));
        samples.addAll(EvalSetReader.read(SharedData.file("nestful/nestful_v2_sample50.jsonl")));
        return samples;
    }

    /** The gold sequence written the ways models write it. */
    static Stream<Arguments> renderings() {
        List<Function<List<ToolCall>, String>> renderers = List.of(
                SampleScorerPropertyTest::json,
                calls -> "Here is the plan:\n```json\n" + json(calls) + "\n```\nDone.",
                calls -> calls.stream().map(c -> "<tool_call>\n" + json(c) + "\n</tool_call>").collect(Collectors.joining("\n")),
                calls -> calls.stream().map(SampleScorerPropertyTest::json).collect(Collectors.joining("\n")),
                calls -> calls.stream().map(c -> c.name() + "(" + c.arguments().entrySet().stream()
                        .map(e -> e.getKey() + "=" + BfclCallRenderer.python(e.getValue())).collect(Collectors.joining(", ")) + ")")
                        .collect(Collectors.joining(", ", "[", "]")));
        List<String> names = List.of("json", "fenced", "xml", "json_lines", "python_call");
        return Stream.iterate(0, i -> i + 1).limit(renderers.size()).map(i -> Arguments.of(names.get(i), renderers.get(i)));
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("renderings")
    void goldAsPredictionScoresOneEverywhereAndCompletes(String rendering, Function<List<ToolCall>, String> render) {
        List<EvalSample> samples = allSamples();
        assertThat(samples).hasSizeGreaterThanOrEqualTo(6);
        List<SampleScore> scores = new ArrayList<>();
        if (rendering.equals("python_call")) {
            // Python call syntax cannot carry labels, so NESTful "$var1.output_0$" references cannot be resolved.
            samples = samples.stream().filter(x -> x.output().stream().allMatch(c -> c.label() == null || !c.label().contains("var"))).toList();
        }
        for (EvalSample sample : samples) {
            SampleScore s = scorer.score(sample, render.apply(sample.output()));
            assertThat(s.lostPoints()).as(rendering + " " + sample.sampleId()).isEmpty();
            assertThat(s.completed()).isTrue();
            assertThat(s.error().isError()).isFalse();
            for (IntentMode mode : IntentMode.values()) {
                assertThat(s.intent().get(mode).scores()).isEqualTo(new PrecisionRecallF1(1, 1, 1));
            }
            assertThat(s.slot().scores()).isEqualTo(new PrecisionRecallF1(1, 1, 1));
            assertThat(s.lcs().precision()).isEqualTo(1.0);
            assertThat(s.lcs().recall()).isEqualTo(1.0);
            assertThat(s.sequence().partial()).isEqualTo(1.0);
            assertThat(s.sequence().full()).isTrue();
            scores.add(s);
        }
        ScoreReport report = ScoreReport.of(scores);
        assertThat(report.parsed()).isEqualTo(samples.size());
        assertThat(report.intent().values()).allMatch(p -> p.equals(new PrecisionRecallF1(1, 1, 1)));
        assertThat(report.slot()).isEqualTo(new PrecisionRecallF1(1, 1, 1));
        assertThat(report.lcs()).isEqualTo(new PrecisionRecallF1(1, 1, 1));
        assertThat(report.completionRate()).isEqualTo(1.0);
        assertThat(report.partialSequence()).isEqualTo(1.0);
        assertThat(report.fullSequence()).isEqualTo(1.0);
        assertThat(report.errors().values()).allMatch(c -> c == 0);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("emptyOutputs")
    void emptyPredictionScoresZeroAndIsCategorised(String output, BfclErrorCategory expected) {
        for (EvalSample sample : allSamples()) {
            SampleScore s = scorer.score(sample, output);
            int distinct = (int) sample.output().stream().map(ToolCall::name).distinct().count();
            int unreadableItems = expected == BfclErrorCategory.WRONG_FUNC_FORMAT ? 1 : 0;
            assertThat(s.intent().get(IntentMode.SET)).isEqualTo(new Counts(0, unreadableItems, distinct));
            assertThat(s.intent().get(IntentMode.COUNTER)).isEqualTo(new Counts(0, unreadableItems, sample.output().size()));
            assertThat(s.intent().get(IntentMode.LIST)).isEqualTo(new Counts(0, unreadableItems, sample.output().size()));
            assertThat(s.intent().get(IntentMode.LIST).f1()).isZero();
            assertThat(s.slot()).isEqualTo(Counts.ZERO);
            assertThat(s.lcs().precision()).isZero();
            assertThat(s.lcs().recall()).isZero();
            assertThat(s.sequence().partial()).isZero();
            assertThat(s.sequence().full()).isFalse();
            assertThat(s.completed()).isFalse();
            assertThat(s.error().category()).isEqualTo(expected);
            assertThat(s.lostPoints()).anyMatch(l -> l.startsWith("error category: " + expected.key()));
        }
    }

    static Stream<Arguments> emptyOutputs() {
        return Stream.of(
                Arguments.of("", BfclErrorCategory.INSTRUCTION_ALIGNMENT_FAILURE),
                Arguments.of("I cannot help with that.", BfclErrorCategory.INSTRUCTION_ALIGNMENT_FAILURE),
                Arguments.of("[]", BfclErrorCategory.WRONG_FUNC_COUNT),
                Arguments.of("[\"select_data_equal_to\"]", BfclErrorCategory.WRONG_FUNC_FORMAT));
    }
}
