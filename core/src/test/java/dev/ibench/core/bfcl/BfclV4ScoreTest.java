package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** BFCL v4's overall score by bfcl-eval's formula (eval_runner_helper.generate_leaderboard_csv), values derived by hand. */
class BfclV4ScoreTest {

    @Test
    void everyCategoryIbenchRunsAtFullMarksScoresWhatTheLeaderboardWouldGiveIt() {
        Map<BfclCategory, BfclSummary.Category> all = new EnumMap<>(BfclCategory.class);
        all.put(BfclCategory.SIMPLE_PYTHON, new BfclSummary.Category(400, 400));
        for (BfclCategory c : new BfclCategory[] {BfclCategory.MULTIPLE, BfclCategory.PARALLEL, BfclCategory.PARALLEL_MULTIPLE}) {
            all.put(c, new BfclSummary.Category(200, 200));
        }
        all.put(BfclCategory.LIVE_SIMPLE, new BfclSummary.Category(258, 258));
        all.put(BfclCategory.LIVE_MULTIPLE, new BfclSummary.Category(1053, 1053));
        all.put(BfclCategory.LIVE_PARALLEL, new BfclSummary.Category(16, 16));
        all.put(BfclCategory.LIVE_PARALLEL_MULTIPLE, new BfclSummary.Category(24, 24));
        all.put(BfclCategory.IRRELEVANCE, new BfclSummary.Category(240, 240));
        all.put(BfclCategory.LIVE_IRRELEVANCE, new BfclSummary.Category(884, 884));
        all.put(BfclCategory.LIVE_RELEVANCE, new BfclSummary.Category(16, 0));

        BfclV4Score s = BfclV4Score.of(all);

        // simple = (1 + 0 java + 0 javascript) / 3; non-live = (1/3 + 1 + 1 + 1) / 4 = 5/6; live 1; irrelevance 1;
        // multi-turn and agentic 0; overall = (10 * 5/6 + 10 + 10) / 100. live_relevance weighs nothing.
        assertThat(s.sections()).containsEntry("live", 1.0).containsEntry("irrelevance", 1.0).containsEntry("multi_turn", 0.0)
                .containsEntry("agentic", 0.0);
        assertThat(s.sections().get("non_live")).isCloseTo(5 / 6.0, within(1e-12));
        assertThat(s.overall()).isCloseTo((10 * 5 / 6.0 + 20) / 100, within(1e-12));
        assertThat(s.notRun()).containsExactly("simple_java", "simple_javascript", "multi_turn_base", "multi_turn_miss_func",
                "multi_turn_miss_param", "multi_turn_long_context", "web_search_base", "web_search_no_snippet", "memory_kv", "memory_vector",
                "memory_rec_sum");
    }

    @Test
    void aLiveCategoryNotRunWeighsWithItsV4EntryCountAndCountsZero() {
        Map<BfclCategory, BfclSummary.Category> some = new EnumMap<>(BfclCategory.class);
        some.put(BfclCategory.LIVE_SIMPLE, new BfclSummary.Category(258, 129));
        some.put(BfclCategory.SIMPLE, new BfclSummary.Category(400, 100));
        some.put(BfclCategory.IRRELEVANCE, new BfclSummary.Category(240, 120));

        BfclV4Score s = BfclV4Score.of(some);

        // live = 129 correct over 258 + 1053 + 16 + 24 entries; v3 simple stands for simple_python: non-live = (0.25/3) / 4
        assertThat(s.sections().get("live")).isCloseTo(129 / 1351.0, within(1e-12));
        assertThat(s.sections().get("non_live")).isCloseTo(0.25 / 3 / 4, within(1e-12));
        assertThat(s.sections().get("irrelevance")).isCloseTo(0.25, within(1e-12));
        assertThat(s.overall()).isCloseTo((10 * 0.25 / 12 + 10 * 129 / 1351.0 + 10 * 0.25) / 100, within(1e-12));
        assertThat(s.notRun()).contains("live_multiple", "multiple").doesNotContain("simple_python", "live_simple");
    }
}
