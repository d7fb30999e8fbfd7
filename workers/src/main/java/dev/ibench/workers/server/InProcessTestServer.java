package dev.ibench.workers.server;

import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.common.SearchAttributeKey;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.temporal.testserver.TestServer;
import java.util.Optional;

/** Temporal's in-process Java test server bound to a port: no Web UI, state lost on exit. */
final class InProcessTestServer implements RunningServer {
    private final TestServer.PortBoundTestServer server;
    private final String address;
    private final java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);

    private InProcessTestServer(TestServer.PortBoundTestServer server, String address) {
        this.server = server;
        this.address = address;
    }

    static InProcessTestServer start(int port, String namespace) {
        TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port);
        String address = "127.0.0.1:" + port;
        registerSearchAttributes(address, namespace);
        return new InProcessTestServer(server, address);
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
        server.close();
        stopped.countDown();
    }
}
