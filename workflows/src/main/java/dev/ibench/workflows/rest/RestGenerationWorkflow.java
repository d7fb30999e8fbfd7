package dev.ibench.workflows.rest;

import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestPublished;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * REST benchmark generation for one database (seed section 3.3, appendix E.2): plan, then per question code-gen
 * (model and/or deterministic generator), execute, judge and retry with the verdict fed back, then dedup and
 * publish. Every step is an activity whose full result lives in the job's work store.
 */
@WorkflowInterface
public interface RestGenerationWorkflow {
    @WorkflowMethod
    RestPublished run(RestGenerationInput input);

    @QueryMethod
    RestGenerationProgress progress();

    /** One workflow per job: re-running the same build attaches to it or reuses its finished steps. */
    static String workflowId(RestJob job) {
        return "rest-" + job.source() + "-" + job.dbId() + "-" + job.fingerprint();
    }
}
