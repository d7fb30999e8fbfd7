package dev.ibench.workers.worker.roles;

import dev.ibench.activities.campaign.BatchApiActivitiesImpl;
import dev.ibench.activities.campaign.ModelCallActivitiesImpl;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.BfclMemoryModelActivitiesImpl;
import dev.ibench.activities.multiturn.MultiTurnModelActivitiesImpl;
import dev.ibench.activities.multiturn.MultiTurnModels;
import dev.ibench.activities.react.ReactAgents;
import dev.ibench.activities.react.ReactModelActivitiesImpl;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.RoleRegistration;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.InstallationQueues;
import io.temporal.worker.WorkerOptions;
import java.util.List;

/**
 * Model calls of campaign cells, direct and ReACT alike: one LLM task queue per model, rate-limited and bounded as
 * the campaign file says ({@code rate_per_second} paces every request of this worker to the endpoint, batched items
 * one by one, and the Temporal server also limits the queue's activity starts across all workers; {@code concurrency}
 * bounds this worker's calls in flight; docs/campaigns.md, Rate limits). Both kinds of activity reach the model through
 * the same {@code ModelRunners}: the campaign's model entry, cache and endpoint limits; a {@code batch: true} model's
 * cells reach its Batch API on the same queue ({@code BatchApiActivities}, docs/batch.md).
 */
public final class CampaignModelsRegistration implements RoleRegistration {
    private final List<ModelEntry> models;

    public CampaignModelsRegistration(List<ModelEntry> models) {
        this.models = List.copyOf(models);
    }

    @Override
    public void register(WorkerSetup setup) {
        if (models.isEmpty()) {
            setup.describe("no campaign models to serve (start the worker with --models-from CAMPAIGN.yaml)");
            return;
        }
        CampaignServices services = CampaignServices.of(setup.home());
        services.connectLedger(setup.meters(), new CampaignBudgetSignal(setup.client()));
        ModelCallActivitiesImpl activities = new ModelCallActivitiesImpl(
                services.store(), services.evalSets(), services.modelRunners(), setup.meters(), new CellBatchGate(setup.client()));
        ReactModelActivitiesImpl reactSteps = new ReactModelActivitiesImpl(services.store(), services.evalSets(),
                new ReactAgents(services.modelRunners()), services.modelRunners()::ablation);
        MultiTurnConversations conversations = MultiTurnRegistration.conversations(services);
        MultiTurnModelActivitiesImpl multiTurnSteps = new MultiTurnModelActivitiesImpl(conversations,
                new MultiTurnModels(services.modelRunners(), services.evalSets()));
        BfclMemoryModelActivitiesImpl memorySteps = new BfclMemoryModelActivitiesImpl(conversations, multiTurnSteps);
        BatchApiActivitiesImpl batchApi = new BatchApiActivitiesImpl(services.store(), services.evalSets(), services.modelRunners(),
                setup.meters());
        for (ModelEntry model : models) {
            WorkerOptions.Builder options = WorkerOptions.newBuilder()
                    .setMaxConcurrentActivityExecutionSize(model.concurrencyOrDefault())
                    .setMaxHeartbeatThrottleInterval(CellActivityOptions.HEARTBEAT_SEND_INTERVAL);
            if (model.ratePerSecond() != null) {
                options.setMaxTaskQueueActivitiesPerSecond(model.ratePerSecond());
            }
            for (InstallationQueues queues : setup.servedQueues()) {
                String queue = queues.llm(model.name());
                setup.worker(queue, options.build()).registerActivitiesImplementations(activities, reactSteps, multiTurnSteps, memorySteps, batchApi);
                setup.describe("ModelCallActivities, ReactModelActivities, MultiTurnModelActivities, BfclMemoryModelActivities and BatchApiActivities for model " + model.name() + " (profile " + model.profile() + ", concurrency "
                    + model.concurrencyOrDefault() + (model.ratePerSecond() == null ? "" : ", " + model.ratePerSecond() + "/s")
                        + ") on " + queue);
            }
        }
    }
}
