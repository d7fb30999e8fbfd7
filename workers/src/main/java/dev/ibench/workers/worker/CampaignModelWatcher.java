package dev.ibench.workers.worker;

import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.json.Json;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.worker.roles.CampaignModelsRegistration;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Lets a running worker with the llm role learn the models of campaigns started after it: every few seconds it reads
 * the campaigns in the results store and starts serving the LLM queue of each model it does not serve yet (one more
 * Temporal worker factory per batch, since a started factory takes no new workers). A model name already served
 * keeps the queue settings it was first served with.
 */
public final class CampaignModelWatcher implements AutoCloseable {
    private final WorkflowClient client;
    private final ResultsStore store;
    private final MeterRegistry meters;
    private final IbenchHome home;
    private final Consumer<String> log;
    private final Set<String> served = ConcurrentHashMap.newKeySet();
    private final List<RunningWorker> started = new ArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ibench-campaign-model-watcher");
        t.setDaemon(true);
        return t;
    });

    public CampaignModelWatcher(WorkflowClient client, ResultsStore store, MeterRegistry meters, IbenchHome home,
                                List<String> alreadyServed, Consumer<String> log) {
        this.client = client;
        this.store = store;
        this.meters = meters;
        this.home = home;
        this.log = log;
        served.addAll(alreadyServed);
    }

    public CampaignModelWatcher start(long everySeconds) {
        timer.scheduleWithFixedDelay(this::serveNewModels, 0, everySeconds, TimeUnit.SECONDS);
        return this;
    }

    /** Starts serving the models of stored campaigns that no queue of this worker serves yet; returns their names. */
    synchronized List<String> serveNewModels() {
        Map<String, ModelEntry> fresh = new LinkedHashMap<>();
        try {
            for (String json : store.campaignSpecJsons()) {
                CampaignSpec spec = Json.MAPPER.readValue(json, CampaignSpec.class);
                spec.models().stream().filter(m -> !served.contains(m.name())).forEach(m -> fresh.putIfAbsent(m.name(), m));
            }
        } catch (Exception e) {
            log.accept("campaign model watcher: cannot read the stored campaigns: " + e.getMessage());
            return List.of();
        }
        if (fresh.isEmpty()) {
            return List.of();
        }
        WorkerRoles llm = WorkerRoles.builder().add(WorkerRole.LLM, new CampaignModelsRegistration(List.copyOf(fresh.values()))).build();
        RunningWorker worker = RunningWorker.start(client, Set.of(WorkerRole.LLM), llm, meters, home);
        started.add(worker);
        served.addAll(fresh.keySet());
        worker.registered().forEach(line -> log.accept("  now serving (new campaign): " + line));
        return List.copyOf(fresh.keySet());
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
        started.forEach(RunningWorker::close);
    }
}
