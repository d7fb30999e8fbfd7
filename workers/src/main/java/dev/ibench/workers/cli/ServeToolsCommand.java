package dev.ibench.workers.cli;

import dev.ibench.workers.rest.PublishedEndpoints;
import dev.ibench.workers.rest.RestToolServer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "serve-tools", mixinStandardHelpOptions = true,
        description = "Serve the published REST endpoints of a build folder (*-rest-endpoints.json) with an OpenAPI document (/openapi.json) and an API page (/docs).")
final class ServeToolsCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "build folder written by 'ibench build --style rest'")
    Path dir;

    @Option(names = "--port", defaultValue = "8080", description = "port (0 picks a free one; default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--host", defaultValue = RestToolServer.DEFAULT_HOST, description = "address to bind (default ${DEFAULT-VALUE}, loopback only)")
    String host;

    @Option(names = "--data-root", description = "folder the endpoints' database_path is relative to (default: data_root recorded at build time)")
    Path dataRoot;

    @Option(names = "--threads", defaultValue = "8", description = "request threads and read-only connections per database (default ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--max-rows", defaultValue = "10000", description = "rows returned at most per call; more sets truncated=true (default ${DEFAULT-VALUE})")
    int maxRows;

    @Override
    public Integer call() throws Exception {
        PublishedEndpoints endpoints = PublishedEndpoints.load(dir, dataRoot);
        endpoints.problems().forEach(p -> System.err.println("serve-tools: " + p));
        if (endpoints.all().isEmpty()) {
            System.err.println("serve-tools: no servable endpoints in " + dir + " (expected *-rest-endpoints.json from 'ibench build --style rest')");
            return 2;
        }
        if (!RestToolServer.isLoopback(host)) {
            System.err.println("serve-tools: WARNING binding " + host + ", a non-loopback address: the endpoints are reachable from other machines");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        try (RestToolServer server = new RestToolServer(endpoints, host, port, Math.max(1, threads), maxRows)) {
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
            System.out.printf("serving %d endpoints on http://%s:%d (OpenAPI: /openapi.json, API page: /docs); Ctrl-C stops%n",
                    endpoints.all().size(), server.address().getHostString(), server.port());
            System.out.flush();
            stopped.await();
        }
        return 0;
    }
}
