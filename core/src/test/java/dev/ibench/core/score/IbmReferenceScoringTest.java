package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Intent micro scores of the same four outputs under both parsing modes, counted by hand. An output the reference
 * cannot parse is an empty prediction (its gold calls are false negatives, nothing counts against precision); an item
 * without a name is one wrong predicted call in both modes.
 */
class IbmReferenceScoringTest {
    private static final String PATTERN_B = "{\"type\": \"function\", \"name\": \"get_superhero_names\", \"parameters\": {}}' is not sufficient.\n\n"
            + "[{\"name\": \"select_data_equal_to\", \"arguments\": {\"key_name\": \"eye_colour\", \"value\": \"Blue\"}}, "
            + "{\"name\": \"get_superhero_names\", \"arguments\": {}}]";
    private static final String PATTERN_A = "{\"type\": \"function\", \"name\": \"compute_data_mean\", \"parameters\": {\"data_source\": "
            + "{\"function_name\": \"get_superhero_heights\", \"args\": []}}}'";
    private static final String NAMELESS_ITEM = "[{\"name\": \"compute_data_mean\", \"arguments\": {}}, {\"arguments\": {}}]";
    private static final String JSON_LINES = "{\"name\": \"get_superhero_names\", \"arguments\": {}}\n{\"name\": \"compute_data_count\", \"arguments\": {}}";

    private static EvalSample sample(String id, String... goldNames) {
        List<ToolCall> gold = java.util.Arrays.stream(goldNames).map(n -> new ToolCall(n, Map.of(), null)).toList();
        List<Map<String, Object>> tools = java.util.Arrays.stream(goldNames).map(n -> Map.<String, Object>of("name", n)).toList();
        return new EvalSample(id, "d", "q", null, "x", gold, null, tools, null);
    }

    private static ScoreReport score(String parser) {
        SampleScorer scorer = new SampleScorer(ParserChains.named(parser), null);
        return ScoreReport.of(List.of(
                scorer.score(sample("1", "select_data_equal_to", "get_superhero_names"), PATTERN_B),
                scorer.score(sample("2", "compute_data_mean"), PATTERN_A),
                scorer.score(sample("3", "compute_data_mean"), NAMELESS_ITEM),
                scorer.score(sample("4", "get_superhero_names", "compute_data_count"), JSON_LINES)));
    }

    @Test
    void referenceModeCountsUnparsedOutputsOnlyAsMissedGoldCalls() {
        // TP: 0 + 1 + 1 + 0; FP: the nameless item; FN: 2 + 0 + 0 + 2 (the reference removes newlines, so JSON Lines fail)
        ScoreReport r = score(ParserChains.IBM_REFERENCE);
        for (IntentMode mode : IntentMode.values()) {
            assertThat(r.intent().get(mode).precision()).as(mode.key()).isEqualTo(2.0 / 3);
            assertThat(r.intent().get(mode).recall()).as(mode.key()).isEqualTo(2.0 / 6);
        }
    }

    @Test
    void defaultModeReadsJsonLinesAndOtherwiseAgrees() {
        // as above, but sample 4 is 2 TP: TP 4, FP 1, FN 2
        ScoreReport r = score(ParserChains.DEFAULT);
        for (IntentMode mode : IntentMode.values()) {
            assertThat(r.intent().get(mode).precision()).as(mode.key()).isEqualTo(4.0 / 5);
            assertThat(r.intent().get(mode).recall()).as(mode.key()).isEqualTo(4.0 / 6);
        }
    }
}
