package dev.ibench.workflows.durability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.durability.DurabilityCheckActivitiesImpl;
import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.SearchAttributeKey;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DurabilityCheckWorkflowTest {

    private TestWorkflowEnvironment env;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        for (SearchAttributeKey<?> key : IbenchSearchAttributes.ALL) {
            env.registerSearchAttribute(key.getName(), key.getValueType());
        }
        Worker worker = env.newWorker(TaskQueues.WORKFLOWS);
        worker.registerWorkflowImplementationTypes(DurabilityCheckWorkflowImpl.class);
        worker.registerActivitiesImplementations(new DurabilityCheckActivitiesImpl());
        env.start();
    }

    @AfterEach
    void tearDown() {
        env.close();
    }

    @Test
    void sumsSquaresAndMarksTheRunCompletedInItsSearchAttributes() {
        DurabilityCheckWorkflow workflow = env.getWorkflowClient().newWorkflowStub(DurabilityCheckWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId("dc-unit").setTaskQueue(TaskQueues.WORKFLOWS).build());

        DurabilityCheckResult result = workflow.run(new DurabilityCheckRequest("campaign-7", 10, 1));

        assertThat(result.value()).isEqualTo(385L);
        assertThat(result.attempt()).isEqualTo(1);
        assertThat(result.resumedFromStep()).isZero();
        var attributes = WorkflowStub.fromTyped(workflow).describe().getTypedSearchAttributes();
        assertThat(attributes.get(IbenchSearchAttributes.CAMPAIGN_ID)).isEqualTo("campaign-7");
        assertThat(attributes.get(IbenchSearchAttributes.STATE)).isEqualTo("completed");
        assertThat(attributes.get(IbenchSearchAttributes.PROGRESS)).isEqualTo(1.0);
        assertThat(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId()).isEqualTo("dc-unit");
    }
}
