package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.core.metrics.ReactStatistics;
import dev.ibench.core.metrics.ReactStatisticsMetric;
import dev.ibench.core.react.ReactEnd;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.campaign.CellProgress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance 1 of issue #7: the scripted oracle-agent, run as durable ReACT trajectories through a campaign
 * cell (CellWorkflow -> ReactSampleWorkflow children -> real store, real tool runtime), completes every
 * SLOT and SEL superhero sample in exactly gold length + 1 loops.
 */
class ReactOracleAgentTest {
    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"slot", "sel"})
    void oracleAgentCompletesEverySampleInGoldLengthPlusOneLoops(String style) {
        Path evalSet = style.equals("slot") ? SuperheroEvalSets.slot() : SuperheroEvalSets.sel();
        Map<String, EvalSample> samples = new EvalSetCache().samples(evalSet.toString());
        try (ReactHarness harness = new ReactHarness(dir.resolve("results.sqlite"), model -> new OracleAgentModel())) {
            CellProgress progress = harness.runCell("oracle-" + style, OracleAgentModel.NAME, evalSet, samples.size());
            List<ReactOutcome> outcomes = harness.outcomes("oracle-" + style);

            assertThat(progress.done()).isEqualTo(samples.size());
            assertThat(progress.infraErrors()).isZero();
            assertThat(outcomes).hasSize(samples.size());
            for (ReactOutcome o : outcomes) {
                int gold = samples.get(o.sampleId()).output().size();
                assertThat(o.completed()).as(o.sampleId() + " final answer " + o.finalAnswer()).isTrue();
                assertThat(o.end()).isEqualTo(ReactEnd.FINAL_ANSWER);
                assertThat(o.loops()).as(o.sampleId()).isEqualTo(gold + 1);
                assertThat(o.parseFailures()).isZero();
                assertThat(o.toolErrors()).isZero();
            }
            ReactStatistics stats = ReactStatisticsMetric.summarize(outcomes.stream().map(ReactOutcome::trajectory).toList());
            double averageGoldLength = samples.values().stream().mapToInt(s -> s.output().size()).average().orElseThrow();
            System.out.printf("oracle-agent on %s superhero: %d samples, completion %.2f, avg loops %.3f (avg gold length %.3f)%n",
                    style, stats.samples(), stats.completionRate(), stats.averageLoops(), averageGoldLength);
            assertThat(stats.completionRate()).isEqualTo(1.0);
            assertThat(stats.averageLoops()).isCloseTo(averageGoldLength + 1, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(stats.outOfBudget()).isZero();
            assertThat(stats.stuck()).isZero();
        }
    }
}
