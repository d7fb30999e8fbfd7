package dev.ibench.workflows.react;

import dev.ibench.activities.campaign.SampleOutcome;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One sample's ReACT trajectory as durable steps: step 0 opens the tools, then per step one model activity
 * (LLM queue) and, for an action, one tool activity (tools queue), until a final answer or the budget; then
 * the trajectory is classified (scoring queue). History holds only step indices and small summaries; the
 * trajectory itself is in the results store, so a resumed run continues at the first step not yet done.
 */
@WorkflowInterface
public interface ReactSampleWorkflow {
    @WorkflowMethod
    SampleOutcome run(ReactSampleInput input);

    @QueryMethod
    ReactSampleProgress progress();

    static String workflowId(String cellId, int position, int trial) {
        return "ibench-react-" + cellId + "-" + position + "-" + trial;
    }
}
