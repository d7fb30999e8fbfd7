package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.react.GatewayAgentModel;
import dev.ibench.activities.react.ReactTrajectoryStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.metrics.ReactStatistics;
import dev.ibench.core.metrics.ReactStatisticsMetric;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.react.ReactEnd;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.SuperheroEvalSets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 2 of issue #7: the real SmolLM2-135M-Instruct GGUF in-process (java-llama.cpp) as a ReACT agent
 * on 10 SLOT superhero samples, as ReactSampleWorkflow runs on TestWorkflowEnvironment with the real activities.
 * Every trajectory must end (final answer or out of budget) with no exception escaping, and the parse failures
 * of each sample must be counted in its stored outcome and match its stored steps.
 */
class ReactSmolLm2IT {
    private static final String PROFILE = String.join("\n",
            "name: smollm2-react-test",
            "description: SmolLM2-135M-Instruct Q4_1 in-process, chat template applied by the model (test model)",
            "provider: gguf", "model: SmolLM2-135M-Instruct", "model_file: SmolLM2-135M-Instruct.Q4_1.gguf",
            "family: gpt-4o", "mode: prompt", "api: chat", "max_tokens: 64", "temperature: 0",
            "context_length: 8192", "threads: 2", "max_concurrency: 1", "timeout_seconds: 300", "");

    /**
     * Smaller than the seed's 10, and the 10 samples with the shortest tool lists, to keep the run under half an
     * hour on a shared 2-core machine (SmolLM2 evaluates a 2,500-4,000-token SLOT prompt in 1-3.5 min per step
     * here, with no prompt cache); the loop, parsing and classification are the same at any budget.
     */
    private static final int BUDGET = 2;

    @TempDir Path dir;

    @Test
    void everyTrajectoryEndsAndParseFailuresAreCountedPerSample() {
        ModelProfile profile = ProfileCatalog.parse(PROFILE, "ReactSmolLm2IT");
        Path modelDir = modelDir();
        ModelGateway gateway = new ModelGateway(profile,
                ModelClients.create(profile, name -> ModelClients.MODEL_DIR_ENV.equals(name) ? modelDir.toString() : null, List.of()),
                null, new EndpointLimiters(), RetryPolicy.none());
        GatewayAgentModel smollm2 = new GatewayAgentModel(profile, gateway, dev.ibench.core.campaign.DecodingOverrides.NONE);
        try (ReactHarness harness = new ReactHarness(dir.resolve("results.sqlite"), model -> smollm2)) {
            long start = System.nanoTime();
            List<String> shortestPrompts = harness.evalSets.samples(SuperheroEvalSets.slot().toString()).values().stream()
                    .sorted(java.util.Comparator.comparingInt((EvalSample s) -> s.tools().toString().length()).thenComparing(EvalSample::sampleId))
                    .limit(10).map(EvalSample::sampleId).toList();
            harness.runTrajectories("smollm2", profile.name(), SuperheroEvalSets.slot(), shortestPrompts, BUDGET, 300);
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            List<ReactOutcome> outcomes = harness.outcomes("smollm2");

            assertThat(harness.store.sampleResults("smollm2")).extracting(SampleResultRecord::status).containsOnly(SampleResultRecord.SCORED);
            assertThat(outcomes).hasSize(10);
            ReactTrajectoryStore trajectories = new ReactTrajectoryStore(harness.store);
            int parseFailures = 0;
            for (ReactOutcome o : outcomes) {
                List<ReactStep> steps = trajectories.allSteps("smollm2", o.sampleId(), 0);
                System.out.printf("SmolLM2 ReACT %s: end=%s loops=%d parse_failures=%d tool_errors=%d completed=%s oob=%s stuck=%s%n",
                        o.sampleId(), o.end(), o.loops(), o.parseFailures(), o.toolErrors(), o.completed(), o.outOfBudget(), o.stuck());
                assertThat(o.end()).as(o.sampleId()).isIn(ReactEnd.FINAL_ANSWER, ReactEnd.OUT_OF_BUDGET);
                assertThat(o.loops()).isEqualTo(steps.size()).isBetween(1, BUDGET);
                assertThat(o.end() == ReactEnd.OUT_OF_BUDGET).isEqualTo(o.loops() == BUDGET && !steps.get(BUDGET - 1).isFinalAnswer());
                assertThat(o.parseFailures()).isEqualTo((int) steps.stream().filter(ReactStep::isParseFailure).count());
                parseFailures += o.parseFailures();
            }
            ReactStatistics stats = ReactStatisticsMetric.summarize(outcomes.stream().map(ReactOutcome::trajectory).toList());
            System.out.printf("SmolLM2 ReACT on 10 SLOT superhero samples, budget %d, in %d s: completion %.2f, avg loops %.2f, OOB %.2f, "
                            + "stuck %.2f, unclassified %.2f, parse failures %d%n",
                    BUDGET, seconds, stats.completionRate(), stats.averageLoops(), stats.outOfBudget(), stats.stuck(), stats.unclassified(), parseFailures);
        } finally {
            gateway.close();
        }
    }

    /** $IBENCH_MODEL_DIR, else the repository's .tools/models (deploy/local/install-tools.sh puts the model there). */
    private static Path modelDir() {
        String env = System.getenv(ModelClients.MODEL_DIR_ENV);
        Path dir = env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("ibench.home", "..")).resolve(ModelClients.DEFAULT_MODEL_DIR);
        assertThat(Files.isRegularFile(dir.resolve("SmolLM2-135M-Instruct.Q4_1.gguf")))
                .as("SmolLM2 GGUF in " + dir + " (run deploy/local/install-tools.sh or set IBENCH_MODEL_DIR)").isTrue();
        return dir;
    }
}
