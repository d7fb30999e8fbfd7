package dev.ibench.workers.server;

import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.common.SearchAttributeKey;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.temporal.internal.testservice.GRPCServerHelper;
import io.temporal.internal.testservice.TestServicesStarter;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Temporal's in-process Java test server bound to one address ({@code ibench server --ip}, loopback by default): no
 * Web UI, state lost on exit. Built like the SDK's {@code TestServer.createPortBoundServer}, which binds every
 * interface and cannot be told otherwise.
 */
final class InProcessTestServer implements RunningServer {
    private final TestServicesStarter services;
    private final Server server;
    private final String address;
    private final CountDownLatch stopped = new CountDownLatch(1);

    private InProcessTestServer(TestServicesStarter services, Server server, String address) {
        this.services = services;
        this.server = server;
        this.address = address;
    }

    static InProcessTestServer start(String ip, int port, String namespace) {
        TestServicesStarter services = new TestServicesStarter(true, 0);
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(ip, port));
        GRPCServerHelper.registerServicesAndHealthChecks(services.getServices(), builder);
        Server server;
        try {
            server = builder.build().start();
        } catch (IOException e) {
            services.close();
            throw new IllegalStateException("cannot start Temporal's in-process test server on " + ip + ":" + port
                    + ": the address is in use or not this machine's (" + e.getMessage() + ")", e);
        }
        String address = ip + ":" + port;
        registerSearchAttributes(address, namespace);
        return new InProcessTestServer(services, server, address);
    }

    private static void registerSearchAttributes(String address, String namespace) {
        OperatorServiceStubs operator = OperatorServiceStubs.newServiceStubs(
                OperatorServiceStubsOptions.newBuilder().setTarget(address).validateAndBuildWithDefaults());
        try {
            AddSearchAttributesRequest.Builder request = AddSearchAttributesRequest.newBuilder().setNamespace(namespace);
            for (SearchAttributeKey<?> key : IbenchSearchAttributes.ALL) {
                request.putSearchAttributes(key.getName(), key.getValueType());
            }
            operator.blockingStub().addSearchAttributes(request.build());
        } finally {
            operator.shutdownNow();
        }
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public Optional<String> uiUrl() {
        return Optional.empty();
    }

    @Override
    public boolean persistent() {
        return false;
    }

    @Override
    public Optional<Long> pid() {
        return Optional.empty();
    }

    @Override
    public void join() throws InterruptedException {
        stopped.await();
    }

    @Override
    public void close() {
        server.shutdown();
        try {
            server.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        services.close();
        server.shutdownNow();
        stopped.countDown();
    }
}
