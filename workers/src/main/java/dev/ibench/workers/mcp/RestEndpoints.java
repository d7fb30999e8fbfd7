package dev.ibench.workers.mcp;

import dev.ibench.core.rest.EndpointExecutor;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The published endpoints of one REST eval set, executed in process with the REST tool server's settings (30 s per
 * query, at most 10,000 rows) on one read-only connection to the database.
 */
final class RestEndpoints implements AutoCloseable {
    static final int MAX_ROWS = 10_000;

    private final Map<String, EndpointSpec> byName = new LinkedHashMap<>();
    private final Path database;
    private final ReadOnlyDatabases databases = new ReadOnlyDatabases();
    private final EndpointExecutor executor = new EndpointExecutor(30, MAX_ROWS);

    RestEndpoints(Path evalSet, Path dataRootOverride) {
        RestPublication publication = RestPublication.ofEvalSet(evalSet);
        publication.endpoints().forEach(e -> byName.putIfAbsent(e.name(), e));
        Path underOverride = dataRootOverride == null ? null : publication.databaseFile(dataRootOverride);
        this.database = underOverride != null && Files.isRegularFile(underOverride) ? underOverride : publication.databaseFile(null);
    }

    EndpointSpec endpoint(String name) {
        return byName.get(name);
    }

    EndpointExecutor executor() {
        return executor;
    }

    Connection connection() throws SQLException {
        return databases.connection(database);
    }

    @Override
    public void close() {
        databases.close();
    }
}
