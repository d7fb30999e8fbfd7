package dev.ibench.core.rest;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.build.EvalSetFile;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.verify.AnswerShape;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.core.verify.SqlRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
    public static final String STYLE = "rest";

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

    /** A verified question waiting for the final tool list of its database. */
    private record Published(Question question, EndpointSpec endpoint, Map<String, Object> arguments, Object gold) {}

    public Result build(BuildOptions o, CoverageReport coverage) throws IOException {
        Dataset dataset = DatasetLoader.forSource(o.source()).load(o.root(), o.dbIds(), o.dataRoot());
        Files.createDirectories(o.out());
        List<Path> files = new ArrayList<>();
        Map<String, Integer> producedBy = new TreeMap<>();
        int endpoints = 0;
        int merged = 0;
        try (ReadOnlyDatabases databases = new ReadOnlyDatabases()) {
            for (DatabaseEntry db : dataset.databases()) {
                List<Question> questions = dataset.questions().stream().filter(q -> q.dbId().equals(db.id())).toList();
                Connection connection = null;
                SchemaIndex schema = null;
                String dbProblem = null;
                if (db.sqliteFile() == null) {
                    dbProblem = "missing_database";
                } else {
                    try {
                        connection = databases.connection(db.sqliteFile());
                        schema = SchemaIndex.read(connection);
                    } catch (SQLException e) {
                        dbProblem = "unreadable_database";
                    }
                }
                DeterministicEndpointGenerator generator = new DeterministicEndpointGenerator(o.source(), db, schema);
                EndpointDeduplicator dedup = new EndpointDeduplicator(o.source(), db.id(), nearDuplicates);
                List<Published> published = new ArrayList<>();
                for (Question q : questions) {
                    coverage.question(STYLE, db.id());
                    String problem = dbProblem != null ? dbProblem : q.problem() != null ? q.problem().split(":")[0] : null;
                    if (problem != null) {
                        coverage.reason(STYLE, db.id(), problem);
                        continue;
                    }
                    Published p = buildQuestion(db, q, connection, generator, dedup, coverage);
                    if (p != null) published.add(p);
                }
                List<EndpointSpec> specs = dedup.endpoints();
                List<Map<String, Object>> tools = RestToolSpecs.of(specs);
                List<EvalSample> samples = new ArrayList<>();
                for (Published p : published) {
                    samples.add(new EvalSample(db.id() + "-" + p.question().id(), db.id(), p.question().text(), p.question().sql(), p.gold(),
                            List.of(new ToolCall(p.endpoint().name(), p.arguments(), null)), null, tools, null));
                }
                Map<String, Integer> dbProducedBy = new TreeMap<>();
                for (EndpointSpec s : specs) dbProducedBy.merge(s.producedBy(), 1, Integer::sum);
                dbProducedBy.forEach((k, v) -> producedBy.merge(k, v, Integer::sum));
                endpoints += specs.size();
                merged += (int) dedup.decisions().stream().filter(d -> d.decision().equals("same_sql_template")).count();
                String prefix = o.source() + "-" + db.id() + "-";
                ObjectWriter w = Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT);
                Path evalSet = o.out().resolve(prefix + STYLE + ".json");
                w.writeValue(evalSet.toFile(), new EvalSetFile(o.source(), db.id(), STYLE, o.mode().name().toLowerCase(Locale.ROOT),
                        o.dataRoot().toString().replace('\\', '/'), samples));
                Path endpointsFile = o.out().resolve(o.source() + "-" + db.id() + RestPublication.FILE_SUFFIX);
                w.writeValue(endpointsFile.toFile(), new RestPublication(o.source(), db.id(), db.portablePath(),
                        o.dataRoot().toString().replace('\\', '/'), specs, dbProducedBy, dedup.decisions()));
                Path openApi = o.out().resolve(prefix + "openapi.json");
                w.writeValue(openApi.toFile(), OpenApiDocument.of("ibench REST tools: " + o.source() + " " + db.id(), specs));
                Path toolsFile = o.out().resolve(prefix + "rest-tools.json");
                w.writeValue(toolsFile.toFile(), tools);
                files.addAll(List.of(evalSet, endpointsFile, openApi, toolsFile));
                log.accept(db.id() + ": rest " + samples.size() + "/" + questions.size() + " verified, " + specs.size() + " endpoints " + dbProducedBy);
            }
        }
        return new Result(files, endpoints, producedBy, merged);
    }

    private Published buildQuestion(DatabaseEntry db, Question q, Connection c, DeterministicEndpointGenerator generator,
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
        return new Published(q, outcome.endpoint(), v.endpoint().arguments(), AnswerShape.fold(gold));
    }

    private Published reject(DatabaseEntry db, Question q, CoverageReport coverage, String reason, String detail) {
        coverage.reason(STYLE, db.id(), reason);
        if (verbose) log.accept(db.id() + "/" + q.id() + " rest " + reason + (detail == null ? "" : ": " + detail) + " SQL: " + q.sql());
        return null;
    }
}
