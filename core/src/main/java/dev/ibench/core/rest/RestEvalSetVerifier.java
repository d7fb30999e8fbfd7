package dev.ibench.core.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.AnswerComparator;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.verify.EvalSetVerifier;
import dev.ibench.core.verify.SqlRunner;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Re-checks the REST eval sets of a built folder ({@code *-rest.json}): every sample's call, run through its
 * published endpoint spec on the read-only database, must return the stored gold answer, and so must the gold SQL.
 * Results use the builder's {@link EvalSetVerifier.Result} shape so {@code ibench verify} can add them.
 */
public final class RestEvalSetVerifier {
    private final SqlRunner sql = new SqlRunner(120, 200_000);
    private final EndpointExecutor executor = new EndpointExecutor(120, 200_000);

    public EvalSetVerifier.Result verify(Path dir, Path dataRootOverride) throws IOException {
        TreeSet<Path> files = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*-rest.json")) {
            for (Path p : ds) files.add(p);
        }
        List<EvalSetVerifier.FileResult> results = new ArrayList<>();
        int samples = 0;
        int agreed = 0;
        try (ReadOnlyDatabases dbs = new ReadOnlyDatabases()) {
            for (Path f : files) {
                String prefix = f.getFileName().toString().substring(0, f.getFileName().toString().length() - "-rest.json".length());
                Path pubFile = dir.resolve(prefix + RestPublication.FILE_SUFFIX);
                JsonNode data = Json.MAPPER.readTree(f.toFile()).path("data");
                List<String> failures = new ArrayList<>();
                int ok = 0;
                if (!Files.isRegularFile(pubFile)) {
                    failures.add("missing " + pubFile.getFileName());
                } else {
                    RestPublication pub = Json.MAPPER.readValue(pubFile.toFile(), RestPublication.class);
                    Map<String, EndpointSpec> byName = new HashMap<>();
                    pub.endpoints().forEach(e -> byName.put(e.name(), e));
                    Connection c = null;
                    String dbProblem = null;
                    try {
                        c = dbs.connection(pub.databaseFile(dataRootOverride));
                    } catch (SQLException e) {
                        dbProblem = e.getMessage();
                    }
                    for (JsonNode n : data) {
                        EvalSample s = Json.MAPPER.treeToValue(n, EvalSample.class);
                        String problem = dbProblem != null ? dbProblem : check(c, s, byName);
                        if (problem == null) ok++;
                        else failures.add(s.sampleId() + ": " + problem);
                    }
                }
                results.add(new EvalSetVerifier.FileResult(f.getFileName().toString(), data.size(), ok, failures, "rest"));
                samples += data.size();
                agreed += ok;
            }
        }
        return new EvalSetVerifier.Result(results, samples, agreed);
    }

    /** Null when the sample's endpoint call, its SQL and its gold answer agree, else the problem. */
    public String check(Connection c, EvalSample s, Map<String, EndpointSpec> endpoints) {
        if (s.output().size() != 1) return "expected exactly one call, found " + s.output().size();
        ToolCall call = s.output().get(0);
        EndpointSpec spec = endpoints.get(call.name());
        if (spec == null) return "endpoint " + call.name() + " is not published";
        try {
            ReadOnlyStatementGuard.check(spec.sql());
            EndpointResult r = executor.execute(c, spec, call.arguments());
            boolean ordered = spec.response().ordered();
            if (!AnswerComparator.sameRows(AnswerShape.rows(s.goldAnswer()), r.rows(), ordered)) return "endpoint result differs from the gold answer";
            if (!AnswerComparator.sameRows(sql.run(c, s.query()), r.rows(), ordered)) return "endpoint result differs from the gold SQL's result";
            return null;
        } catch (InvalidArgumentException e) {
            return "bad arguments: " + e.getMessage();
        } catch (SQLException e) {
            return "query failed: " + e.getMessage();
        }
    }
}
