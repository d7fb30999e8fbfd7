package dev.ibench.activities.sql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sql.SqlSchemaText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the SQL baseline needs of a sample's database on this worker: a read-only connection, the schema text shown in
 * the prompt, and the question's BIRD evidence (from {@code <data root>/bird/dev.json}, keyed as the builder names
 * samples: {@code <db_id>-<question_id>}; none for other sources). The database is the sample's
 * {@code initialization_step.database_path} under the data root.
 */
public final class SqlBaselineDatabases implements AutoCloseable {
    private final ToolRuntime paths;
    private final Path dataRoot;
    private final ReadOnlyDatabases databases = new ReadOnlyDatabases();
    private final Map<Path, String> schemas = new ConcurrentHashMap<>();
    private Map<String, String> evidence;

    public SqlBaselineDatabases(Path dataRoot) {
        this.dataRoot = dataRoot;
        this.paths = new ToolRuntime(dataRoot);
    }

    public Path databaseFile(EvalSample sample) {
        if (sample.initializationStep() == null) {
            throw new IllegalArgumentException("sample " + sample.sampleId() + " names no database (initialization_step.database_path); "
                    + "the SQL baseline runs on SLOT and SEL eval sets");
        }
        return paths.databaseFile(InitializationStep.fromMap(sample.initializationStep()).databasePath());
    }

    public Connection connection(EvalSample sample) throws SQLException {
        return databases.connection(databaseFile(sample));
    }

    public String schema(EvalSample sample) throws SQLException {
        Path file = databaseFile(sample);
        String cached = schemas.get(file);
        if (cached != null) {
            return cached;
        }
        String text = SqlSchemaText.of(databases.connection(file), file);
        schemas.put(file, text);
        return text;
    }

    public synchronized Optional<String> evidence(EvalSample sample) {
        if (evidence == null) {
            evidence = readBirdEvidence(dataRoot.resolve("bird").resolve("dev.json"));
        }
        return Optional.ofNullable(evidence.get(sample.sampleId())).filter(e -> !e.isBlank());
    }

    private static Map<String, String> readBirdEvidence(Path questions) {
        Map<String, String> byId = new HashMap<>();
        if (!Files.isRegularFile(questions)) {
            return byId;
        }
        try {
            for (JsonNode q : Json.MAPPER.readTree(questions.toFile())) {
                byId.put(q.path("db_id").asText() + "-" + q.path("question_id").asText(), q.path("evidence").asText(""));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read BIRD questions " + questions + ": " + e.getMessage(), e);
        }
        return byId;
    }

    @Override
    public void close() {
        databases.close();
    }
}
