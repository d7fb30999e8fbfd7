package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.CampaignPlan;
import dev.ibench.activities.campaign.CampaignPlanningActivities;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.ModelCallActivities;
import dev.ibench.activities.campaign.ModelCallResult;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.campaign.ScoringActivities;
import dev.ibench.activities.campaign.WorkItem;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Test double for the campaign activities: plans fixed cells, "calls a model" by consulting a
 * scripted behaviour per item, and scores an item as completed when its position is even.
 * Records calls, concurrency and infra errors so tests can assert on them.
 */
final class FakeCampaignActivities implements CampaignPlanningActivities, ModelCallActivities, ScoringActivities {
    final List<CellPlanEntry> cells;
    final Set<String> modelCalls = ConcurrentHashMap.newKeySet();
    final Set<String> infraErrors = ConcurrentHashMap.newKeySet();
    final Set<String> scored = ConcurrentHashMap.newKeySet();
    final AtomicInteger concurrentCalls = new AtomicInteger();
    final AtomicInteger maxConcurrentCalls = new AtomicInteger();
    volatile Function<WorkItem, RuntimeException> modelFailure = item -> null;
    volatile long modelLatencyMillis = 0;

    FakeCampaignActivities(List<CellPlanEntry> cells) {
        this.cells = cells;
    }

    @Override
    public CampaignPlan planCampaign(String campaignId) {
        return new CampaignPlan(campaignId, "test campaign", cells, dev.ibench.core.react.ReactSettings.DEFAULT);
    }

    @Override
    public List<WorkItem> unscoredWork(String cellId) {
        return infraErrors.stream().filter(k -> k.startsWith(cellId + "#")).map(FakeCampaignActivities::parse).toList();
    }

    private static WorkItem parse(String key) {
        String cell = key.substring(0, key.indexOf('#'));
        String[] rest = key.substring(key.indexOf('#') + 1).split("/");
        return new WorkItem(cell, Integer.parseInt(rest[0]), Integer.parseInt(rest[1]));
    }

    @Override
    public void recordInfraError(WorkItem item, String message) {
        infraErrors.add(item.toString());
    }

    @Override
    public ModelCallResult callModel(WorkItem item) {
        int now = concurrentCalls.incrementAndGet();
        maxConcurrentCalls.accumulateAndGet(now, Math::max);
        try {
            if (modelLatencyMillis > 0) {
                Thread.sleep(modelLatencyMillis);
            }
            RuntimeException failure = modelFailure.apply(item);
            if (failure != null) {
                throw failure;
            }
            modelCalls.add(item.toString());
            return new ModelCallResult(false, 10, 5, modelLatencyMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApplicationFailure.newFailure("interrupted", "Interrupted");
        } finally {
            concurrentCalls.decrementAndGet();
        }
    }

    @Override
    public SampleOutcome scoreSample(WorkItem item) {
        scored.add(item.toString());
        infraErrors.remove(item.toString());
        return new SampleOutcome(false, true, item.position() % 2 == 0);
    }
}
