package dev.ibench.workers.worker;

import dev.ibench.workers.IbenchHome;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.client.WorkflowClient;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** A started {@link WorkerFactory} serving a set of roles. */
public final class RunningWorker implements AutoCloseable {
    private final WorkerFactory factory;
    private final List<String> taskQueues;
    private final List<String> registered;

    private RunningWorker(WorkerFactory factory, List<String> taskQueues, List<String> registered) {
        this.factory = factory;
        this.taskQueues = taskQueues;
        this.registered = registered;
    }

    public static RunningWorker start(
            WorkflowClient client, Set<WorkerRole> roles, WorkerRoles registry, MeterRegistry meters, IbenchHome home) {
        WorkerFactory factory = WorkerFactory.newInstance(client, WorkerFactoryOptions.newBuilder()
                .setWorkerInterceptors(new CompactActivityFailures(client.getOptions().getDataConverter())).build());
        WorkerSetup setup = new WorkerSetup(factory, meters, home);
        registry.registerAll(roles, setup);
        factory.start();
        return new RunningWorker(factory, setup.taskQueues(), setup.registered());
    }

    public List<String> taskQueues() {
        return taskQueues;
    }

    public List<String> registered() {
        return registered;
    }

    @Override
    public void close() {
        factory.shutdown();
        factory.awaitTermination(10, TimeUnit.SECONDS);
    }
}
