package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.workflows.TaskQueues;
import io.temporal.client.WorkflowOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReactSampleWorkflowTest {
    @TempDir Path dir;

    @Test
    void oneOracleTrajectory() {
        Path evalSet = SuperheroEvalSets.slot();
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> new OracleAgentModel())) {
            List<String> ids = new ArrayList<>(h.evalSets.samples(evalSet.toString()).keySet());
            h.store.saveCampaign("c", "t", "{}");
            h.store.saveCell(new CellRecord("cell1", "c", "oracle-agent", "b", "react", "none", evalSet.toString(), 1));
            h.store.saveCellSamples("cell1", ids.subList(0, 1));
            ReactSampleWorkflow wf = h.env.getWorkflowClient().newWorkflowStub(ReactSampleWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("w1")
                            .setWorkflowExecutionTimeout(Duration.ofSeconds(30)).build());
            SampleOutcome o = wf.run(new ReactSampleInput("c", "cell1", "oracle-agent", ReactHarness.LLM_QUEUE, 0, 0, 10, 1000));
            System.out.println(h.outcomes("cell1"));
            assertThat(o.completed()).isTrue();
        }
    }
}
