package dev.ibench.workers.cli;

import dev.ibench.workers.access.ServedAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** Options of {@code serve-tools} over HTTP (REST and MCP): who may call and how much (docs/tool-server.md). */
final class AccessOptions {
    @Option(names = "--token-env", paramLabel = "NAME",
            description = "HTTP: require 'Authorization: Bearer <token>' on every request, the token being the value of environment variable NAME (never printed); needed to bind a non-loopback --host")
    String tokenEnv;

    @Option(names = "--allow-host", paramLabel = "HOST", split = ",",
            description = "HTTP: Host header names accepted besides the bound address (and localhost names on loopback); repeatable")
    List<String> allowHosts = new ArrayList<>();

    @Option(names = "--allow-origin", paramLabel = "ORIGIN", split = ",",
            description = "HTTP: browser Origins accepted besides the server's own (e.g. http://localhost:3000; * for any); repeatable")
    List<String> allowOrigins = new ArrayList<>();

    @Option(names = "--rate-limit", paramLabel = "N", defaultValue = "0",
            description = "HTTP: requests per second per client address; more get 429 with Retry-After (0, the default: no limit)")
    double ratePerSecond;

    @Option(names = "--rate-burst", paramLabel = "N", defaultValue = "0",
            description = "HTTP: requests a client may send at once before --rate-limit applies (default: one second's worth)")
    int burst;

    @Option(names = "--max-concurrent", paramLabel = "N", defaultValue = "64",
            description = "HTTP: requests in flight per client address; more get 429 with Retry-After (0: no limit; default ${DEFAULT-VALUE})")
    int maxConcurrent;

    /** The access settings, reading the token from {@code env}; a problem is an IllegalArgumentException naming the option. */
    ServedAccess toAccess(Map<String, String> env) {
        String token = null;
        if (tokenEnv != null) {
            token = env.get(tokenEnv);
            if (token == null || token.isBlank()) {
                throw new IllegalArgumentException("--token-env " + tokenEnv + ": the environment variable " + tokenEnv + " is not set or empty");
            }
            token = token.strip();
        }
        return new ServedAccess(token, allowHosts, allowOrigins, ratePerSecond, burst, maxConcurrent);
    }
}
