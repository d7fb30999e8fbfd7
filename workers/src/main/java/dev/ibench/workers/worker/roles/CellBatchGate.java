package dev.ibench.workers.worker.roles;

import dev.ibench.activities.campaign.BatchGate;
import dev.ibench.workflows.campaign.CellWorkflow;
import io.temporal.client.WorkflowClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Asks a cell workflow whether its model-call batches go on: its {@code batchesMayContinue} query. */
final class CellBatchGate implements BatchGate {
    private static final Logger LOG = LoggerFactory.getLogger(CellBatchGate.class);
    private final WorkflowClient client;

    CellBatchGate(WorkflowClient client) {
        this.client = client;
    }

    @Override
    public boolean open(String cellWorkflowId) {
        try {
            return client.newWorkflowStub(CellWorkflow.class, cellWorkflowId).batchesMayContinue();
        } catch (RuntimeException e) {
            // e.g. no worker serves the cell's workflow right now: the batch runs on, as batches without a gate do
            LOG.debug("cell {} not asked whether its batch goes on: {}", cellWorkflowId, e.getMessage());
            return true;
        }
    }
}
