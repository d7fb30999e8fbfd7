package dev.ibench.workers.rest;

import dev.ibench.activities.react.RestEndpointServers;
import dev.ibench.activities.react.ToolEnvironmentUnavailableException;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.scratch.ScratchFolder;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The worker's own REST tool servers for ReACT actions on REST eval sets: one {@link RestToolServer} per published
 * endpoints file, started on first use on a free loopback port and kept until the worker stops. The endpoints'
 * database is looked up under the worker's data root first, then under the data root recorded at publication (as
 * completion scoring does). A file whose endpoints cannot all be served is refused with the server's problems.
 */
public final class LocalRestToolServers implements RestEndpointServers, AutoCloseable {
    private static final int THREADS = 4;
    private static final int MAX_ROWS = 10_000;
    // one server per endpoints file in a worker: a smaller answer cache than serve-tools' default
    private static final long CACHE_BYTES = 16L << 20;

    private final Path dataRoot;
    private final ScratchFolder scratch;
    private final Map<Path, RestToolServer> servers = new ConcurrentHashMap<>();

    /**
     * @param dataRoot where the endpoints' database paths resolve first (null: as published)
     * @param scratch where the servers' Tomcat folders go
     */
    public LocalRestToolServers(Path dataRoot, ScratchFolder scratch) {
        this.dataRoot = dataRoot;
        this.scratch = scratch;
    }

    @Override
    public URI baseUrl(Path endpointsFile) throws ToolEnvironmentUnavailableException {
        RestToolServer server = server(endpointsFile);
        return URI.create("http://" + RestToolServer.DEFAULT_HOST + ":" + server.port());
    }

    /** The server of one endpoints file, started when first asked for. */
    public synchronized RestToolServer server(Path endpointsFile) throws ToolEnvironmentUnavailableException {
        Path file = endpointsFile.toAbsolutePath().normalize();
        RestToolServer running = servers.get(file);
        if (running != null) {
            return running;
        }
        PublishedEndpoints endpoints = PublishedEndpoints.load(List.of(file), databaseRoot(file));
        if (!endpoints.problems().isEmpty() || endpoints.all().isEmpty()) {
            throw new ToolEnvironmentUnavailableException("cannot serve " + file + ": "
                    + (endpoints.problems().isEmpty() ? "no endpoints" : String.join("; ", endpoints.problems())), false, null);
        }
        try {
            RestToolServer started = new RestToolServer(endpoints, RestToolServer.DEFAULT_HOST, 0, THREADS, MAX_ROWS, CACHE_BYTES,
                    dev.ibench.workers.access.ServedAccess.DEFAULT, scratch);
            servers.put(file, started);
            return started;
        } catch (IOException e) {
            throw new ToolEnvironmentUnavailableException("cannot start a REST tool server for " + file + ": " + e.getMessage(), true, e);
        }
    }

    private Path databaseRoot(Path file) throws ToolEnvironmentUnavailableException {
        if (dataRoot == null) {
            return null;
        }
        try {
            RestPublication publication = Json.MAPPER.readValue(file.toFile(), RestPublication.class);
            return Files.isRegularFile(publication.databaseFile(dataRoot)) ? dataRoot : null;
        } catch (IOException e) {
            throw new ToolEnvironmentUnavailableException("unreadable endpoints file " + file + ": " + e.getMessage(), false, e);
        }
    }

    @Override
    public synchronized void close() {
        servers.values().forEach(RestToolServer::close);
        servers.clear();
    }
}
