package dev.ibench.activities.react;

import java.net.URI;
import java.nio.file.Path;

/**
 * The HTTP servers that serve REST eval sets' published endpoints: the base URL at which the endpoints of one
 * {@code *-rest-endpoints.json} file answer (the worker starts its own REST tool server per file, on loopback).
 */
@FunctionalInterface
public interface RestEndpointServers {
    /** The base URL ({@code http://127.0.0.1:<port>}) serving every endpoint of {@code endpointsFile}. */
    URI baseUrl(Path endpointsFile) throws ToolEnvironmentUnavailableException;
}
