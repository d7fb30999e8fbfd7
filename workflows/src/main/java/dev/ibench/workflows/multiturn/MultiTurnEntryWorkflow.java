package dev.ibench.workflows.multiturn;

import dev.ibench.activities.campaign.SampleOutcome;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One BFCL multi-turn entry as durable steps: per turn, model steps (LLM queue) each followed, when its text decoded to
 * calls, by their execution against the entry's official backends (tools queue), until a step decodes to no call (the
 * turn ends) or the turn's step limit forces it to quit (the entry stops there, as bfcl-eval stops it); then the
 * conversation is scored (scoring queue). History holds only turn and step numbers and small summaries; outputs, calls and
 * results are in the results store, so a resumed run continues at the first step not yet done.
 */
@WorkflowInterface
public interface MultiTurnEntryWorkflow {
    @WorkflowMethod
    SampleOutcome run(MultiTurnEntryInput input);

    @QueryMethod
    MultiTurnEntryProgress progress();

    static String workflowId(String cellId, int position, int trial) {
        return "ibench-multiturn-" + cellId + "-" + position + "-" + trial;
    }
}
