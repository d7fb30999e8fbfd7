package dev.ibench.core.rest;

import dev.ibench.core.build.BuildDatabase;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.core.verify.SqlRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Builds the REST style ({@code ibench build --style rest}) with the deterministic generator: for every question,
 * run the gold SQL, generate an endpoint, execute it with the question's own literals, judge it against the SQL
 * result, dedup, and publish per database {@code <source>-<db>-rest.json} (eval set),
 * {@code <source>-<db>-rest-endpoints.json} (the specs {@code serve-tools} serves),
 * {@code <source>-<db>-openapi.json} and {@code <source>-<db>-rest-tools.json}. Counts go to the given
 * coverage report under style {@code rest}. The durable LLM pipeline (code-gen with retries) reuses the same steps.
 */
public final class RestBenchmarkBuilder {
    public static final String STYLE = RestPublisher.STYLE;

    private final Consumer<String> log;
    private final boolean verbose;
    private final NearDuplicateDetector nearDuplicates;
    private final SqlRunner sqlRunner = new SqlRunner(120, 200_000);
    private final EndpointVerifier verifier = new EndpointVerifier(new EndpointExecutor(120, 200_000));

    public RestBenchmarkBuilder(Consumer<String> log, boolean verbose, NearDuplicateDetector nearDuplicates) {
        this.log = log;
        this.verbose = verbose;
        this.nearDuplicates = nearDuplicates;
    }

    /** Files written, endpoints published and how many each generator produced (over all databases). */
    public record Result(List<Path> files, int endpoints, Map<String, Integer> producedBy, int mergedDuplicates) {}

    public Result build(BuildOptions o, CoverageReport coverage) throws IOException {
        Dataset dataset = DatasetLoader.forSource(o.source()).load(o.root(), o.dbIds(), o.dataRoot());
        Files.createDirectories(o.out());
        List<Path> files = new ArrayList<>();
        Map<String, Integer> producedBy = new TreeMap<>();
        int endpoints = 0;
        int merged = 0;
        try (ReadOnlyDatabases databases = new ReadOnlyDatabases()) {
            for (DatabaseEntry db : dataset.databases()) {
                BuildDatabase base = BuildDatabase.open(dataset, db, databases, log);
                DeterministicEndpointGenerator generator = new DeterministicEndpointGenerator(o.source(), db, base.schema());
                EndpointDeduplicator dedup = new EndpointDeduplicator(o.source(), db.id(), nearDuplicates);
                List<RestPublisher.Entry> published = new ArrayList<>();
                base.eachBuildable(List.of(STYLE), coverage, q -> {
                    RestPublisher.Entry p = buildQuestion(db, q, base.connection(), generator, dedup, coverage);
                    if (p != null) published.add(p);
                });
                List<EndpointSpec> specs = dedup.endpoints();
                Map<String, Integer> dbProducedBy = RestPublisher.producedBy(specs);
                dbProducedBy.forEach((k, v) -> producedBy.merge(k, v, Integer::sum));
                endpoints += specs.size();
                merged += (int) dedup.decisions().stream().filter(d -> d.decision().equals("same_sql_template")).count();
                files.addAll(RestPublisher.publish(new RestPublisher.Target(o.source(), db, o.mode().name().toLowerCase(Locale.ROOT), o.out(), o.dataRoot()),
                        specs, dedup.decisions(), published));
                int samples = published.size();
                log.accept(db.id() + ": rest " + samples + "/" + base.questions().size() + " verified, " + specs.size() + " endpoints " + dbProducedBy);
            }
        }
        return new Result(files, endpoints, producedBy, merged);
    }

    private RestPublisher.Entry buildQuestion(DatabaseEntry db, Question q, Connection c, DeterministicEndpointGenerator generator,
                                    EndpointDeduplicator dedup, CoverageReport coverage) {
        List<List<Object>> gold;
        try {
            gold = sqlRunner.run(c, q.sql());
        } catch (SQLException e) {
            return reject(db, q, coverage, "sql_error", e.getMessage());
        }
        if (gold.isEmpty()) return reject(db, q, coverage, "empty_sql_result", null);
        GeneratedEndpoint candidate;
        try {
            candidate = generator.generate(q);
        } catch (RestGenerationException e) {
            return reject(db, q, coverage, e.reason(), e.getMessage());
        }
        coverage.inScope(STYLE, db.id());
        EndpointVerification v = verifier.verify(c, candidate, gold);
        if (!v.verified()) return reject(db, q, coverage, v.reason(), v.detail() + " SQL template: " + candidate.spec().sql());
        EndpointDeduplicator.Outcome outcome = dedup.add(db.id() + "-" + q.id(), v.endpoint().spec());
        if (outcome.endpoint() == null) return reject(db, q, coverage, "near_duplicate", "dropped as near-duplicate of " + outcome.decision().keptEndpoint());
        coverage.verified(STYLE, db.id());
        return new RestPublisher.Entry(q, outcome.endpoint(), v.endpoint().arguments(), AnswerShape.fold(gold));
    }

    private RestPublisher.Entry reject(DatabaseEntry db, Question q, CoverageReport coverage, String reason, String detail) {
        coverage.reason(STYLE, db.id(), reason);
        if (verbose) log.accept(db.id() + "/" + q.id() + " rest " + reason + (detail == null ? "" : ": " + detail) + " SQL: " + q.sql());
        return null;
    }
}
