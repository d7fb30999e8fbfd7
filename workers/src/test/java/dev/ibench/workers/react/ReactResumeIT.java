package dev.ibench.workers.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.CampaignSpecLoader;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.activities.store.Installation;
import dev.ibench.workflows.react.ReactSampleInput;
import dev.ibench.workflows.react.ReactSampleWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Acceptance 3 and 4 of issue #7 on the REAL dev server: a worker JVM runs a ReACT trajectory against a fake
 * OpenAI-compatible endpoint (test double); it is SIGKILLed while the model is asked for step 4; a new worker
 * continues the same trajectory at step 4, and the endpoint never sees a second request for steps 1-3 (each step's
 * output is stored before its activity completes, and the new worker reads finished steps back instead of asking).
 * The model is a campaign file entry given only by {@code endpoint:}, as users configure every cell. The event history reads as the
 * trajectory through activity summaries, and {@code ibench campaign trajectory} prints it.
 */
class ReactResumeIT {
    private static final String MODEL = "fake-openai";
    private static final int HOLD_STEP = 4;

    @TempDir Path dir;

    @Test
    void trajectoryResumesAtStep4AfterWorkerSigkillWithoutReaskingSteps1To3() throws Exception {
        Path evalSet = SuperheroEvalSets.slot();
        EvalSample sample = new EvalSetCache().samples(evalSet.toString()).values().stream()
                .filter(s -> s.output().size() >= HOLD_STEP).findFirst().orElseThrow();
        int goldLength = sample.output().size();
        Path results = dir.resolve("results.sqlite");
        String campaignId = "it-react-resume-" + System.nanoTime();
        String cellId = campaignId + "-cell";
        try (ScriptedOpenAiEndpoint endpoint = new ScriptedOpenAiEndpoint(sample, HOLD_STEP);
             DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             TemporalConnection connection = server.connect()) {
            // the model is the campaign file's entry, as for direct cells: the generic profile at the scripted endpoint
            Path campaignFile = dir.resolve("campaign.yaml");
            Files.writeString(campaignFile, String.join("\n", "name: react-resume",
                    "models: [{name: " + MODEL + ", profile: openai-compatible, endpoint: \"" + endpoint.baseUrl() + "\", model: fake}]",
                    "benchmarks: [{name: superhero-slot, eval_set: " + evalSet + "}]", "modes: [react]", ""));
            CampaignSpec spec = new CampaignSpecLoader().load(campaignFile);
            InstallationQueues queues;
            try (ResultsDatabase db = ResultsDatabase.open(results)) {
                queues = InstallationQueues.of(Installation.of(db).id()); // the queues the workers of this store poll
                ResultsStore store = new ResultsStore(db);
                store.saveCampaign(campaignId, "react resume IT", Json.MAPPER.writeValueAsString(spec));
                store.saveCell(new CellRecord(cellId, campaignId, MODEL, "superhero-slot", "react", "none", evalSet.toString(), 1));
                store.saveCellSamples(cellId, List.of(sample.sampleId()));
            }
            Map<String, String> env = Map.of(
                    "IBENCH_RESULTS_DB", results.toString(),
                    "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
            WorkerProcess first = WorkerProcess.start(server.address(), "workflows,llm,tools,scoring", dir.resolve("worker-1.log"), env,
                    "--models-from", campaignFile.toString());

            String workflowId = ReactSampleWorkflow.workflowId(cellId, 0, 0);
            ReactSampleWorkflow workflow = connection.client().newWorkflowStub(ReactSampleWorkflow.class,
                    WorkflowOptions.newBuilder().setWorkflowId(workflowId).setTaskQueue(queues.workflows()).build());
            WorkflowClient.start(workflow::run, new ReactSampleInput(campaignId, cellId, MODEL, queues.llm(MODEL), 0, 0, 10, 1000));

            assertThat(endpoint.awaitHeldStep(120)).as("the model was asked for step " + HOLD_STEP).isTrue();
            first.kill();
            assertThat(first.isAlive()).isFalse();
            assertThat(endpoint.stepLog()).containsExactly(1, 2, 3, 4);

            SampleOutcome outcome;
            long started = System.nanoTime();
            try (WorkerProcess second = WorkerProcess.start(server.address(), "workflows,llm,tools,scoring", dir.resolve("worker-2.log"), env,
                    "--models-from", campaignFile.toString())) {
                outcome = WorkflowStub.fromTyped(workflow).getResult(180, TimeUnit.SECONDS, SampleOutcome.class);
            }
            long recoverySeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
            List<Integer> log = endpoint.stepLog();
            System.out.printf("ReactResumeIT: sample %s (gold length %d), endpoint requests by step %s, finished %d s after the second worker started%n",
                    sample.sampleId(), goldLength, log, recoverySeconds);

            assertThat(outcome.completed()).isTrue();
            for (int step = 1; step < HOLD_STEP; step++) {
                assertThat(Collections.frequency(log, step)).as("requests for step " + step).isEqualTo(1);
            }
            assertThat(Collections.frequency(log, HOLD_STEP)).as("step 4 was asked again after the kill").isEqualTo(2);
            assertThat(log.subList(HOLD_STEP, log.size())).as("the new worker continued at step 4")
                    .startsWith(HOLD_STEP).contains(goldLength + 1);

            List<String> summaries = activitySummaries(connection, workflowId);
            System.out.println("ReactResumeIT: activity summaries:\n  " + String.join("\n  ", summaries));
            assertThat(summaries).first().isEqualTo("step 0 · initialize_active_data");
            assertThat(summaries).contains("step 1 · think (" + MODEL + ")");
            assertThat(summaries).anyMatch(s -> s.startsWith("step 1 · " + sample.output().get(0).name() + "("));
            assertThat(summaries).anyMatch(s -> s.startsWith("step " + HOLD_STEP + " · " + sample.output().get(HOLD_STEP - 1).name() + "("));
            assertThat(summaries.get(summaries.size() - 1)).startsWith("score trajectory");

            StringWriter printed = new StringWriter();
            int exit = new CommandLine(new dev.ibench.workers.cli.IbenchCli()).setOut(new PrintWriter(printed))
                    .execute("campaign", "trajectory", campaignId, sample.sampleId(), "--results", results.toString());
            System.out.println(printed);
            assertThat(exit).isZero();
            assertThat(printed.toString())
                    .contains("Outcome: completed · end FINAL_ANSWER · loops " + (goldLength + 1) + "/10")
                    .contains("Step 1 · " + sample.output().get(0).name())
                    .contains("Step " + (goldLength + 1) + " · final answer");
        }
    }

    /** The summaries of the scheduled activities, in history order (what the Temporal UI shows per event). */
    private static List<String> activitySummaries(TemporalConnection connection, String workflowId) {
        return connection.client().fetchHistory(workflowId).getHistory().getEventsList().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .map(ReactResumeIT::summary).toList();
    }

    /** Summaries are JSON-encoded string payloads. */
    private static String summary(HistoryEvent e) {
        try {
            return dev.ibench.core.json.Json.MAPPER.readValue(e.getUserMetadata().getSummary().getData().toStringUtf8(), String.class);
        } catch (java.io.IOException ex) {
            throw new IllegalStateException("activity summary is not a JSON string: " + e.getUserMetadata(), ex);
        }
    }
}
