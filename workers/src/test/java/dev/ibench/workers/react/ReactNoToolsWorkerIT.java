package dev.ibench.workers.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.campaign.UnservedQueues;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, "no worker for a queue waits forever", for ReACT cells: their agents act on the tools queue, so a campaign
 * whose workers serve workflows, llm and scoring but not tools must name {@code ibench-tools} in what
 * {@code campaign status} prints (the same {@link UnservedQueues} check), and nothing else (real dev server, worker
 * in its own JVM).
 */
class ReactNoToolsWorkerIT {
    @TempDir Path dir;

    @Test
    void aReactCampaignWithoutAToolsWorkerNamesTheToolsQueue() throws Exception {
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: no-tools
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: superhero-slot, eval_set: %s}
                modes: [react]
                samples: {limit: 2, seed: 3}
                """.formatted(SuperheroEvalSets.slot()));
        try (CampaignHarness harness = CampaignHarness.withRoles(dir, "workflows,llm,scoring", "--models-from", campaignFile.toString())) {
            String id = harness.startOnly(campaignFile, "no-tools");
            CampaignWorkflow campaign = harness.connection().client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(id));
            List<UnservedQueues.Unserved> unserved = List.of();
            long deadline = System.currentTimeMillis() + 90_000;
            while (unserved.stream().noneMatch(u -> u.taskQueue().startsWith(TaskQueues.TOOLS + "@"))) {
                assertThat(System.currentTimeMillis()).as("tools queue named; last: %s; %s", unserved, harness.workerLog()).isLessThan(deadline);
                Thread.sleep(500);
                CampaignStatus status = campaign.status();
                unserved = UnservedQueues.find(harness.connection().client(), id, status, Instant.now());
            }
            assertThat(unserved).extracting(UnservedQueues.Unserved::taskQueue).as("the served queues are not named, the tools queue of this installation is")
                    .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING).matches("ibench-tools@[a-z0-9]+");
            assertThat(unserved.get(0).message("")).startsWith("no worker polls task queue " + TaskQueues.TOOLS)
                    .endsWith("(start one: ./ibench worker --roles tools)");
        }
    }
}
