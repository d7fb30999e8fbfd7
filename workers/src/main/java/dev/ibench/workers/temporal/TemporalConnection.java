package dev.ibench.workers.temporal;

import com.uber.m3.tally.NoopScope;
import com.uber.m3.tally.Scope;
import io.grpc.StatusRuntimeException;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * A client connection to a Temporal frontend: service stubs plus a {@link WorkflowClient} for one namespace.
 * Where the address and namespace come from (options, environment, config file, defaults {@value #DEFAULT_ADDRESS} and
 * {@value #DEFAULT_NAMESPACE}) is {@link TemporalSettings}.
 */
public final class TemporalConnection implements AutoCloseable {
    public static final String DEFAULT_ADDRESS = "127.0.0.1:7233";
    public static final String DEFAULT_NAMESPACE = "default";

    private final String address;
    private final String namespace;
    private final WorkflowServiceStubs stubs;
    private final WorkflowClient client;

    private TemporalConnection(String address, String namespace, Scope metricsScope) {
        this.address = address;
        this.namespace = namespace;
        this.stubs = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                .setTarget(address)
                .setMetricsScope(metricsScope)
                .build());
        this.client = WorkflowClient.newInstance(
                stubs, WorkflowClientOptions.newBuilder().setNamespace(namespace).build());
    }

    /** Connects lazily (no network call yet); see {@link #awaitReady(Duration)}. */
    public static TemporalConnection open(String address, String namespace, Scope metricsScope) {
        return new TemporalConnection(address, namespace, metricsScope);
    }

    public static TemporalConnection open(String address, String namespace) {
        return open(address, namespace, new NoopScope());
    }

    /** True when the frontend answers for this namespace within {@code timeout}. */
    public boolean isReachable(Duration timeout) {
        try {
            stubs.blockingStub()
                    .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(namespace).build());
            return true;
        } catch (StatusRuntimeException e) {
            return false;
        }
    }

    /** Waits until the frontend serves the namespace; throws naming the address when it does not in time. */
    public void awaitReady(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (isReachable(Duration.ofSeconds(2))) {
                return;
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for Temporal at " + address, e);
            }
        }
        throw new IllegalStateException("Temporal frontend at " + address + " (namespace '" + namespace
                + "') did not answer within " + timeout.toSeconds() + " s");
    }

    public String address() {
        return address;
    }

    public String namespace() {
        return namespace;
    }

    public WorkflowServiceStubs stubs() {
        return stubs;
    }

    public WorkflowClient client() {
        return client;
    }

    @Override
    public void close() {
        stubs.shutdown();
        stubs.awaitTermination(5, TimeUnit.SECONDS);
    }
}
