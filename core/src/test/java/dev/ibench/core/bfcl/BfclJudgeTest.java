package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.EvalSample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BfclJudgeTest {
    private static final Map<String, Object> PLAY = Map.of("name", "spotify.play", "parameters", Map.of("type", "dict",
            "properties", Map.of("artist", Map.of("type", "string"), "duration", Map.of("type", "integer")),
            "required", List.of("artist", "duration")));
    private static final List<Object> TWO_SONGS = List.of(
            Map.of("spotify.play", Map.of("artist", List.of("Taylor Swift"), "duration", List.of(20))),
            Map.of("spotify.play", Map.of("artist", List.of("Maroon 5"), "duration", List.of(15))));

    private static EvalSample sample(BfclCategory category, Object possibleAnswer) {
        return new EvalSample(category.key() + "_0", category.datasetName(), "q", null, possibleAnswer, List.of(), null, List.of(PLAY), List.of());
    }

    private static BfclVerdict judge(BfclCategory category, Object possibleAnswer, String output) {
        ParsedOutput parsed = ParserChains.named("default").parse(output);
        return BfclJudge.judge(sample(category, possibleAnswer), category, parsed);
    }

    @Test
    void parallelCallsMatchInAnyOrderAndAMissingOneIsAWrongCount() {
        String reversed = "[spotify.play(artist=\"Maroon 5\", duration=15), spotify.play(artist=\"Taylor Swift\", duration=20)]";
        assertThat(judge(BfclCategory.PARALLEL, TWO_SONGS, reversed).valid()).isTrue();
        assertThat(judge(BfclCategory.LIVE_PARALLEL, TWO_SONGS, reversed).valid()).as("live_parallel is order-free too").isTrue();
        BfclVerdict one = judge(BfclCategory.PARALLEL, TWO_SONGS, "[spotify.play(artist=\"Maroon 5\", duration=15)]");
        assertThat(one.valid()).isFalse();
        assertThat(one.errorType()).endsWith("wrong_count");
    }

    /**
     * bfcl-eval's ast_checker.convert_func_name: a model configured underscore_to_dot (its function-calling handlers)
     * must write spotify_play, any other (its prompt handlers) spotify.play; the other spelling is a wrong name.
     */
    @Test
    void aDottedNameIsJudgedAsBfclEvalsHandlersOfTheModeJudgeIt() {
        EvalSample sample = sample(BfclCategory.SIMPLE, List.of(TWO_SONGS.get(0)));
        ParsedOutput underscore = ParserChains.named("default")
                .parse("[{\"name\": \"spotify_play\", \"arguments\": {\"artist\": \"Taylor Swift\", \"duration\": 20}}]");
        ParsedOutput dotted = ParserChains.named("default").parse("[spotify.play(artist=\"Taylor Swift\", duration=20)]");

        assertThat(BfclJudge.judge(sample, BfclCategory.SIMPLE, dotted, BfclMode.PROMPT).valid()).isTrue();
        BfclVerdict promptUnderscore = BfclJudge.judge(sample, BfclCategory.SIMPLE, underscore, BfclMode.PROMPT);
        assertThat(promptUnderscore.valid()).isFalse();
        assertThat(promptUnderscore.errorType()).isEqualTo("simple_function_checker:wrong_func_name");
        assertThat(BfclJudge.judge(sample, BfclCategory.SIMPLE, underscore).valid()).as("prompt mode is the default").isFalse();

        assertThat(BfclJudge.judge(sample, BfclCategory.SIMPLE, underscore, BfclMode.FC).valid()).isTrue();
        BfclVerdict fcDotted = BfclJudge.judge(sample, BfclCategory.SIMPLE, dotted, BfclMode.FC);
        assertThat(fcDotted.valid()).isFalse();
        assertThat(fcDotted.errorType()).isEqualTo("simple_function_checker:wrong_func_name");

        String reversed = "[spotify_play(artist=\"Maroon 5\", duration=15), spotify_play(artist=\"Taylor Swift\", duration=20)]";
        assertThat(BfclJudge.judge(sample(BfclCategory.PARALLEL, TWO_SONGS), BfclCategory.PARALLEL, ParserChains.named("default").parse(reversed),
                BfclMode.FC).valid()).as("the parallel checker too").isTrue();
        assertThat(BfclJudge.judge(sample(BfclCategory.PARALLEL, TWO_SONGS), BfclCategory.PARALLEL, ParserChains.named("default").parse(reversed),
                BfclMode.PROMPT).errorType()).isEqualTo("parallel_function_checker_no_order:cannot_find_match");
    }

    @Test
    void theOracleOfAFunctionCallingProfileAnswersTheNamesItWasSent() {
        EvalSample sample = new EvalSample("simple_0", BfclCategory.SIMPLE.datasetName(), "q", null, List.of(TWO_SONGS.get(0)),
                List.of(new dev.ibench.core.sample.ToolCall("spotify.play", Map.of("artist", "Taylor Swift", "duration", 20), null)),
                null, List.of(PLAY), List.of());
        assertThat(BfclMode.FC.answeredAs(sample).output().get(0).name()).isEqualTo("spotify_play");
        assertThat(BfclMode.PROMPT.answeredAs(sample)).isSameAs(sample);
        assertThat(BfclMode.parse("fc")).isEqualTo(BfclMode.FC);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> BfclMode.parse("tools")).hasMessage("unknown BFCL mode 'tools' (expected prompt or fc)");
    }

    /** In FC mode the functions were sent as spotify_play: the other metrics read that answer as spotify.play too. */
    @Test
    void aFunctionCallingAnswerScoresOnEveryMetricUnderTheNameItWasSent() {
        EvalSample sample = new EvalSample("simple_0", BfclCategory.SIMPLE.datasetName(), "q", null, List.of(TWO_SONGS.get(0)),
                List.of(new dev.ibench.core.sample.ToolCall("spotify.play", Map.of("artist", "Taylor Swift", "duration", 20), null)),
                null, List.of(PLAY), List.of());
        String answer = "[{\"name\": \"spotify_play\", \"arguments\": {\"artist\": \"Taylor Swift\", \"duration\": 20}}]";
        var fc = new dev.ibench.core.score.SampleScorer(ParserChains.named("default"), null).judgingBfclAs(BfclMode.FC).score(sample, answer);
        assertThat(fc.bfcl().valid()).isTrue();
        assertThat(fc.sequence().full()).isTrue();
        assertThat(fc.predictedNames()).containsExactly("spotify.play");
        assertThat(fc.parsed().calls().get(0).name()).as("the parse as answered").isEqualTo("spotify_play");
        var prompt = new dev.ibench.core.score.SampleScorer(ParserChains.named("default"), null).score(sample, answer);
        assertThat(prompt.bfcl().valid()).isFalse();
        assertThat(prompt.sequence().full()).isFalse();
    }

    @Test
    void anOutputWithoutCallsFailsAnAstCategoryAsADecoderFailure() {
        BfclVerdict prose = judge(BfclCategory.SIMPLE, List.of(TWO_SONGS.get(0)), "Sorry, I cannot play music.");
        assertThat(prose.valid()).isFalse();
        assertThat(prose.errorType()).isEqualTo("ast_decoder:decoder_failed");
    }

    @Test
    void irrelevanceIsCorrectOnlyWithoutCallsAndRelevanceOnlyWithOne() {
        assertThat(judge(BfclCategory.IRRELEVANCE, null, "None of the functions can answer this.").valid()).isTrue();
        assertThat(judge(BfclCategory.IRRELEVANCE, null, "[]").valid()).isTrue();
        BfclVerdict called = judge(BfclCategory.LIVE_IRRELEVANCE, null, "[spotify.play(artist=\"x\", duration=1)]");
        assertThat(called.valid()).isFalse();
        assertThat(called.errorType()).isEqualTo("irrelevance_error:decoder_success");
        assertThat(judge(BfclCategory.LIVE_RELEVANCE, null, "[spotify.play(artist=\"x\", duration=1)]").valid()).isTrue();
        assertThat(judge(BfclCategory.LIVE_RELEVANCE, null, "no call").valid()).isFalse();
    }

    @Test
    void summaryGivesPerCategoryAccuracyAndTheWeightedAndUnweightedOverall() {
        // by hand: simple 2 of 3, irrelevance 1 of 1, multiple 0 of 2 -> weighted 3/6 = 0.5, unweighted (2/3 + 1 + 0) / 3 = 5/9
        BfclSummary s = BfclSummary.of(List.of(
                BfclVerdict.correct(BfclCategory.SIMPLE), BfclVerdict.correct(BfclCategory.SIMPLE),
                BfclVerdict.wrong(BfclCategory.SIMPLE, "type_error:simple", "m"),
                BfclVerdict.correct(BfclCategory.IRRELEVANCE),
                BfclVerdict.wrong(BfclCategory.MULTIPLE, "type_error:simple", "m"),
                BfclVerdict.wrong(BfclCategory.MULTIPLE, "ast_decoder:decoder_failed", "m")));
        assertThat(s.categories().get(BfclCategory.SIMPLE).accuracy()).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(s.categories().get(BfclCategory.IRRELEVANCE).accuracy()).isEqualTo(1.0);
        assertThat(s.categories().get(BfclCategory.MULTIPLE).accuracy()).isEqualTo(0.0);
        assertThat(s.overallWeighted()).isEqualTo(0.5);
        assertThat(s.overallUnweighted()).isCloseTo(5 / 9.0, within(1e-12));
        assertThat(s.errorTypes()).containsExactly(Map.entry("type_error:simple", 2), Map.entry("ast_decoder:decoder_failed", 1));
    }
}
