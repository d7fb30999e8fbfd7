package dev.ibench.workers.rest;

import dev.ibench.core.rest.EndpointSpec;
import java.nio.file.Path;

/** A published endpoint ready to serve: its spec and the SQLite file it reads. */
public record ServedEndpoint(String source, String dbId, EndpointSpec spec, Path database) {}
