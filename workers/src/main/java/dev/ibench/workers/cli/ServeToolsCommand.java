package dev.ibench.workers.cli;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.access.NonLoopbackBind;
import dev.ibench.workers.access.ServedAccess;
import dev.ibench.workers.mcp.McpEvalSetChoice;
import dev.ibench.workers.mcp.McpLimits;
import dev.ibench.workers.mcp.McpToolServer;
import dev.ibench.workers.rest.PublishedEndpoints;
import dev.ibench.workers.rest.RestToolServer;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "serve-tools", mixinStandardHelpOptions = true,
        description = {"Serve the published REST endpoints of a build folder (*-rest-endpoints.json) with an OpenAPI document (/openapi.json) and an API page (/docs),",
                "or, with --mcp stdio|http, the tools of one eval set (SLOT, SEL or REST) over the Model Context Protocol (docs/mcp.md)."})
final class ServeToolsCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "build folder written by 'ibench build' (or, with --mcp, an eval-set file)")
    Path dir;

    @Option(names = "--port", defaultValue = "8080", description = "port (0 picks a free one; default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--host", defaultValue = RestToolServer.DEFAULT_HOST, description = "address to bind (default ${DEFAULT-VALUE}, loopback; another address needs --token-env)")
    String host;

    @Option(names = "--data-root", description = "folder the endpoints' database_path is relative to (default: data_root recorded at build time)")
    Path dataRoot;

    @Option(names = "--threads", defaultValue = "8", description = "REST: request threads and read-only connections per database (default ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--max-rows", defaultValue = "10000", description = "REST: rows returned at most per call; more sets truncated=true (default ${DEFAULT-VALUE})")
    int maxRows;

    @Option(names = "--cache-mb", defaultValue = "64", description = "REST: MiB of encoded answers kept for repeated identical calls (read-only databases answer them identically); 0 turns the cache off (default ${DEFAULT-VALUE})")
    long cacheMb;

    @Option(names = "--mcp", description = "serve over the Model Context Protocol: stdio or http (streamable HTTP at /mcp)")
    String mcp;

    @Option(names = "--eval-set", description = "MCP: the eval-set file in DIR to serve (needed when DIR holds several)")
    String evalSet;

    @Option(names = "--sample-id", description = "MCP: the sample every new session starts with (else clients call start_sample)")
    String sampleId;

    @Option(names = "--max-calls", defaultValue = "200", description = "MCP: tool calls per started sample (default ${DEFAULT-VALUE})")
    int maxCalls;

    @Option(names = "--call-timeout", defaultValue = "30", description = "MCP: seconds one tool call may run (default ${DEFAULT-VALUE})")
    int callTimeoutSeconds;

    @Option(names = "--max-request-bytes", defaultValue = "1048576", description = "MCP: largest JSON-RPC message accepted (default ${DEFAULT-VALUE})")
    int maxRequestBytes;

    @Option(names = "--max-argument-chars", defaultValue = "16384", description = "MCP: largest arguments of one call as JSON (default ${DEFAULT-VALUE})")
    int maxArgumentChars;

    @Option(names = "--max-answer-chars", defaultValue = "1048576", description = "MCP: largest tool answer (text plus structured content as JSON, at least 1024); a larger one is a tool error naming its size (default ${DEFAULT-VALUE})")
    int maxAnswerChars;

    @Mixin
    AccessOptions accessOptions = new AccessOptions();

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            System.err.println("serve-tools: --port must be between 0 and 65535 (0 picks a free one), got " + port);
            return 2;
        }
        if (mcp != null) {
            return serveMcp();
        }
        ServedAccess access = access();
        if (access == null) return 2;
        if (threads < 1 || threads > RestToolServer.MAX_THREADS) {
            System.err.println("serve-tools: --threads must be between 1 and " + RestToolServer.MAX_THREADS + ", got " + threads);
            return 2;
        }
        if (maxRows < 1) {
            System.err.println("serve-tools: --max-rows must be at least 1 (rows returned at most per call), got " + maxRows);
            return 2;
        }
        if (cacheMb < 0 || cacheMb > 1L << 20) {
            System.err.println("serve-tools: --cache-mb must be between 0 and 1048576, got " + cacheMb);
            return 2;
        }
        PublishedEndpoints endpoints = PublishedEndpoints.load(dir, dataRoot);
        endpoints.problems().forEach(p -> System.err.println("serve-tools: " + p));
        if (endpoints.all().isEmpty()) {
            System.err.println("serve-tools: no servable endpoints in " + dir + " (expected *-rest-endpoints.json from 'ibench build --style rest')");
            return 2;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        try (RestToolServer server = new RestToolServer(endpoints, host, port, threads, maxRows, cacheMb << 20, access,
                IbenchHome.resolve().scratch())) {
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
            System.out.printf("serving %d endpoints on http://%s:%d (OpenAPI: /openapi.json, API page: /docs); Ctrl-C stops%n",
                    endpoints.all().size(), server.address().getHostString(), server.port());
            System.out.flush();
            stopped.await();
        }
        return 0;
    }

    private int serveMcp() throws Exception {
        if (!mcp.equals("stdio") && !mcp.equals("http")) {
            System.err.println("serve-tools: --mcp must be stdio or http, got '" + mcp + "'");
            return 2;
        }
        Path file;
        McpLimits limits;
        try {
            file = McpEvalSetChoice.resolve(dir, evalSet);
            limits = new McpLimits(maxRequestBytes, maxArgumentChars, maxCalls, Duration.ofSeconds(callTimeoutSeconds), maxAnswerChars);
        } catch (IllegalArgumentException e) {
            System.err.println("serve-tools: " + e.getMessage());
            return 2;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        if (mcp.equals("stdio")) {
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
            // stdout carries the protocol only: anything else printed by this JVM goes to stderr
            PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
            System.setOut(System.err);
            try (McpToolServer server = McpToolServer.stdio(file, dataRoot, limits, sampleId, System.in, protocol, stopped)) {
                System.err.printf("serve-tools: MCP over stdio: %d tools, %d samples of %s%n", server.tools(), server.samples(), file.getFileName());
                stopped.await();
            }
            return 0;
        }
        ServedAccess access = access();
        if (access == null) return 2;
        Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
        Path work = IbenchHome.resolve().state().resolve("mcp-http");
        try (McpToolServer server = McpToolServer.http(file, dataRoot, limits, sampleId, host, port, work, access)) {
            System.out.printf("serving MCP (streamable HTTP) on http://%s:%d%s: %d tools, %d samples of %s; Ctrl-C stops%n",
                    host, server.port(), McpToolServer.ENDPOINT, server.tools(), server.samples(), file.getFileName());
            System.out.flush();
            stopped.await();
        }
        return 0;
    }

    /** The HTTP access settings, or null after printing why they are unusable (a non-loopback bind needs a token). */
    private ServedAccess access() throws java.io.IOException {
        ServedAccess access;
        try {
            access = accessOptions.toAccess(System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("serve-tools: " + e.getMessage());
            return null;
        }
        boolean loopback;
        java.util.Optional<String> refusal;
        try {
            loopback = NonLoopbackBind.isLoopback(host);
            refusal = NonLoopbackBind.refusal(host, access, "call the tools", "--token-env");
        } catch (java.net.UnknownHostException e) {
            System.err.println("serve-tools: --host " + host + ": unknown host");
            return null;
        }
        if (refusal.isPresent()) {
            System.err.println("serve-tools: " + refusal.get());
            return null;
        }
        if (!loopback) {
            System.err.println("serve-tools: binding " + host + ", a non-loopback address: requests need the bearer token from $" + accessOptions.tokenEnv);
        }
        return access;
    }
}
