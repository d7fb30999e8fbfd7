package dev.ibench.workers.campaign;

import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.workflows.campaign.CampaignRequest;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code campaign retry-errors}: a new run of a finished campaign's workflow (same id, the options {@link CampaignStarter}
 * gives every campaign run) that re-runs only the items recorded as infra_error or never run.
 */
public final class CampaignRetry {
    private final CampaignServices services;
    private final WorkflowClient client;

    public CampaignRetry(CampaignServices services, WorkflowClient client) {
        this.services = services;
        this.client = client;
    }

    /** Starts the retry run; empty when the campaign is still running (nothing is started then). */
    public Optional<CampaignWorkflow> start(String id) {
        String workflowId = CampaignWorkflow.workflowId(id);
        WorkflowExecutionStatus current = client.newUntypedWorkflowStub(workflowId).describe().getWorkflowExecutionInfo().getStatus();
        if (current == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
            return Optional.empty();
        }
        CampaignStatus previous = client.newUntypedWorkflowStub(workflowId).getResult(CampaignStatus.class);
        CampaignSpec spec = services.store().campaignSpecJson(id).map(CampaignRetry::spec)
                .orElseThrow(() -> new IllegalStateException("campaign " + id + " is not in the results store"));
        CampaignWorkflow retry = client.newWorkflowStub(CampaignWorkflow.class,
                CampaignStarter.workflowOptions(services.queues(), id, "Retry of the infra errors of campaign " + previous.name()));
        WorkflowClient.start(retry::run, new CampaignRequest(id, spec.cellsInFlight(), spec.samplesInFlight(), true));
        return Optional.of(retry);
    }

    /** The retry run's final status. */
    public static CampaignStatus awaitEnd(CampaignWorkflow retry) {
        return WorkflowStub.fromTyped(retry).getResult(CampaignStatus.class);
    }

    private static CampaignSpec spec(String json) {
        try {
            return Json.MAPPER.readValue(json, CampaignSpec.class);
        } catch (IOException e) {
            throw new IllegalStateException("stored campaign spec is unreadable: " + e.getMessage(), e);
        }
    }
}
