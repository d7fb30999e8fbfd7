package dev.ibench.activities.rest;

import dev.ibench.activities.artifact.ArtifactCache;
import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactNotFoundException;
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
 * does not have, is a non-retryable failure naming the input. A job whose {@code dataset} is an artifact
 * ({@link RestDatasetBundle}) is loaded from the artifact store through this machine's {@link ArtifactCache}, never
 * from a path: the bundle and its SQLite file are fetched and checked against their hashes.
 */
public final class RestDatabases implements AutoCloseable {
    public static final String BAD_INPUT = "RestBadInput";

    /**
     * One job's data; {@code connection} and {@code schema} are null with {@code problem} set when the database cannot be opened.
     * {@code dataRoot} is the data root the published files name (the starting machine's, for a job from artifacts).
     */
    public record Context(DatabaseEntry db, Map<String, Question> questions, Connection connection, SchemaIndex schema, String problem,
                          String dataRoot) {}

    private final ReadOnlyDatabases databases = new ReadOnlyDatabases();
    private final Map<String, Context> contexts = new ConcurrentHashMap<>();
    private final ArtifactCache artifacts;

    /** Jobs read by path only (tests, in-process use); a job naming an artifact fails with a clear message. */
    public RestDatabases() {
        this(null);
    }

    public RestDatabases(ArtifactCache artifacts) {
        this.artifacts = artifacts;
    }

    public Context context(RestJob job) {
        String key = job.source() + "\n" + job.datasetRoot() + "\n" + job.dataRoot() + "\n" + job.dbId() + "\n" + job.questionLimit()
                + "\n" + job.dataset();
        return contexts.computeIfAbsent(key, k -> job.usesArtifacts() ? loadArtifacts(job) : load(job));
    }

    private Context loadArtifacts(RestJob job) {
        if (artifacts == null) {
            throw ApplicationFailure.newNonRetryableFailure("REST job " + job.dbId() + " reads its dataset " + job.dataset()
                    + " from the artifact store, but this worker has none", BAD_INPUT);
        }
        RestDatasetBundle bundle;
        Path sqlite;
        try {
            bundle = RestDatasetBundle.read(artifacts.fetch(ArtifactHash.parse(job.dataset())), job.dataset());
            sqlite = bundle.sqliteHash() == null ? null : artifacts.fetch(bundle.sqliteHash());
        } catch (ArtifactNotFoundException e) {
            throw ApplicationFailure.newNonRetryableFailure("the dataset of REST job " + job.dbId() + " is missing: " + e.getMessage(), BAD_INPUT);
        } catch (IOException e) {
            throw ApplicationFailure.newNonRetryableFailure("cannot read the dataset " + job.dataset() + " of REST job " + job.dbId() + ": "
                    + e.getMessage(), BAD_INPUT);
        }
        if (!bundle.dbId().equals(job.dbId()) || !bundle.source().equals(job.source())) {
            throw ApplicationFailure.newNonRetryableFailure("the dataset " + job.dataset() + " holds " + bundle.source() + "/" + bundle.dbId()
                    + ", not " + job.source() + "/" + job.dbId(), BAD_INPUT);
        }
        return open(job, bundle.database(sqlite), bundle.questions(), bundle.dataRoot());
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
        return open(job, db, dataset.questions(), job.dataRoot());
    }

    private Context open(RestJob job, DatabaseEntry db, List<Question> all, String dataRoot) {
        Map<String, Question> questions = new LinkedHashMap<>();
        for (Question q : all) {
            if (!q.dbId().equals(db.id())) continue;
            if (job.questionLimit() != null && questions.size() >= job.questionLimit()) break;
            questions.put(q.id(), q);
        }
        if (db.sqliteFile() == null) return new Context(db, questions, null, null, "missing_database", dataRoot);
        try {
            Connection c = databases.connection(db.sqliteFile());
            return new Context(db, questions, c, SchemaIndex.read(c), null, dataRoot);
        } catch (SQLException e) {
            return new Context(db, questions, null, null, "unreadable_database", dataRoot);
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
