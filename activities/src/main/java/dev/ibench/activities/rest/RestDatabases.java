package dev.ibench.activities.rest;

import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sql.SchemaIndex;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The worker's view of a job's data, loaded once per process: the database entry, its questions in dataset order
 * (cut at the job's limit), and a shared read-only connection with its schema (null when the database is missing
 * or unreadable, which the plan step reports per question). A dataset that cannot be read, or a database id it
 * does not have, is a non-retryable failure naming the input.
 */
public final class RestDatabases implements AutoCloseable {
    public static final String BAD_INPUT = "RestBadInput";

    /** One job's data; {@code connection} and {@code schema} are null with {@code problem} set when the database cannot be opened. */
    public record Context(DatabaseEntry db, Map<String, Question> questions, Connection connection, SchemaIndex schema, String problem) {}

    private final ReadOnlyDatabases databases = new ReadOnlyDatabases();
    private final Map<String, Context> contexts = new ConcurrentHashMap<>();

    public Context context(RestJob job) {
        String key = job.source() + "\n" + job.datasetRoot() + "\n" + job.dataRoot() + "\n" + job.dbId() + "\n" + job.questionLimit();
        return contexts.computeIfAbsent(key, k -> load(job));
    }

    private Context load(RestJob job) {
        Dataset dataset;
        try {
            dataset = DatasetLoader.forSource(job.source()).load(Path.of(job.datasetRoot()), List.of(job.dbId()), Path.of(job.dataRoot()));
        } catch (IOException | RuntimeException e) {
            throw ApplicationFailure.newNonRetryableFailure("cannot read the " + job.source() + " dataset under " + job.datasetRoot() + ": " + e.getMessage(),
                    BAD_INPUT);
        }
        DatabaseEntry db = dataset.databases().stream().filter(d -> d.id().equals(job.dbId())).findFirst()
                .orElseThrow(() -> ApplicationFailure.newNonRetryableFailure("the " + job.source() + " dataset under " + job.datasetRoot()
                        + " has no database '" + job.dbId() + "'", BAD_INPUT));
        Map<String, Question> questions = new LinkedHashMap<>();
        for (Question q : dataset.questions()) {
            if (!q.dbId().equals(db.id())) continue;
            if (job.questionLimit() != null && questions.size() >= job.questionLimit()) break;
            questions.put(q.id(), q);
        }
        if (db.sqliteFile() == null) return new Context(db, questions, null, null, "missing_database");
        try {
            Connection c = databases.connection(db.sqliteFile());
            return new Context(db, questions, c, SchemaIndex.read(c), null);
        } catch (SQLException e) {
            return new Context(db, questions, null, null, "unreadable_database");
        }
    }

    public Question question(RestJob job, String questionId) {
        Question q = context(job).questions().get(questionId);
        if (q == null) {
            throw ApplicationFailure.newNonRetryableFailure("database " + job.dbId() + " has no question " + questionId, BAD_INPUT);
        }
        return q;
    }

    @Override
    public void close() {
        databases.close();
        contexts.clear();
    }
}
