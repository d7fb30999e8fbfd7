package dev.ibench.workers.worker;

import dev.ibench.activities.store.Installation;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workflows.InstallationQueues;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.client.WorkflowClient;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link RoleRegistration} gets: one {@link Worker} per task queue (created on first use and
 * shared by every registration of that queue), the client, the meter registry for the project's own
 * counters, and the project home.
 */
public final class WorkerSetup {
    private final WorkerFactory factory;
    private final MeterRegistry meters;
    private final IbenchHome home;
    private final Map<String, Worker> workers = new LinkedHashMap<>();
    private final List<String> registered = new ArrayList<>();

    WorkerSetup(WorkerFactory factory, MeterRegistry meters, IbenchHome home) {
        this.factory = factory;
        this.meters = meters;
        this.home = home;
    }

    /** The worker polling {@code taskQueue}, with default options. */
    public Worker worker(String taskQueue) {
        return worker(taskQueue, WorkerOptions.getDefaultInstance());
    }

    /**
     * The worker polling {@code taskQueue}; {@code options} apply when this call creates it (use it for
     * rate limits such as {@code setMaxTaskQueueActivitiesPerSecond} on an LLM queue).
     */
    public Worker worker(String taskQueue, WorkerOptions options) {
        return workers.computeIfAbsent(taskQueue, queue -> factory.newWorker(queue, options));
    }

    /** Records a human-readable line of what was registered, printed when the worker starts. */
    public void describe(String what) {
        registered.add(what);
    }

    public WorkflowClient client() {
        return factory.getWorkflowClient();
    }

    public MeterRegistry meters() {
        return meters;
    }

    public IbenchHome home() {
        return home;
    }

    /**
     * The task queues of this worker's installation, named from its results store's installation id
     * ({@link Installation}): what campaign and REST generation registrations poll.
     */
    public InstallationQueues queues() {
        return CampaignServices.of(home).queues();
    }

    /**
     * Every set of queues this worker serves: its installation's, and the shared queues of before when its store holds
     * campaigns started before it had an id ({@link Installation#legacyQueues()}), so those campaigns still finish.
     */
    public List<InstallationQueues> servedQueues() {
        Installation installation = CampaignServices.of(home).installation();
        return installation.legacyQueues() ? List.of(queues(), InstallationQueues.SHARED) : List.of(queues());
    }

    public List<String> taskQueues() {
        return List.copyOf(workers.keySet());
    }

    public List<String> registered() {
        return Collections.unmodifiableList(registered);
    }
}
