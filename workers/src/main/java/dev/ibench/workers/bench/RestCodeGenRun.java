package dev.ibench.workers.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.GgufClient;
import dev.ibench.activities.rest.RestCodeGenLoop;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointExecutor;
import dev.ibench.core.rest.EndpointVerifier;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.verify.SqlRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs the REST code-gen loop ({@link RestCodeGenLoop}) with an in-process GGUF model on the first N questions of
 * one database and reports which path produced each verified endpoint. No Temporal: this measures the steps.
 * Usage: {@code RestCodeGenRun <source> <root> <db> <data-root> <model.gguf> <limit> <attempts> <max-tokens> <results-dir>}.
 */
public final class RestCodeGenRun {
    private RestCodeGenRun() {}

    public static void main(String[] a) throws Exception {
        String source = a[0];
        Path root = Path.of(a[1]);
        String dbId = a[2];
        Path dataRoot = Path.of(a[3]);
        Path modelFile = Path.of(a[4]);
        int limit = Integer.parseInt(a[5]);
        int attempts = Integer.parseInt(a[6]);
        int maxTokens = Integer.parseInt(a[7]);
        Path results = Path.of(a[8]);
        Dataset ds = DatasetLoader.forSource(source).load(root, List.of(dbId), dataRoot);
        DatabaseEntry db = ds.databases().get(0);
        List<Question> questions = ds.questions().stream().filter(q -> q.dbId().equals(dbId)).limit(limit).toList();
        Map<String, Integer> producedBy = new TreeMap<>();
        Map<String, Integer> attemptOutcomes = new TreeMap<>();
        List<Map<String, Object>> perQuestion = new ArrayList<>();
        long start = System.nanoTime();
        try (ReadOnlyDatabases dbs = new ReadOnlyDatabases();
             GgufClient client = new GgufClient(modelFile, 4096, Math.max(1, Runtime.getRuntime().availableProcessors()), Duration.ofSeconds(180))) {
            Connection c = dbs.connection(db.sqliteFile());
            SchemaIndex schema = SchemaIndex.read(c);
            RestCodeGenLoop loop = new RestCodeGenLoop(client, modelFile.getFileName().toString(), "smollm2", attempts,
                    new DecodingSettings(maxTokens, 0.0, List.of(), RestCodeGenLoop.PROPOSAL_SCHEMA), new EndpointVerifier(new EndpointExecutor(60, 200_000)));
            SqlRunner sql = new SqlRunner(60, 200_000);
            for (Question q : questions) {
                List<List<Object>> gold = sql.run(c, q.sql());
                RestCodeGenLoop.Outcome o = loop.generate(c, source, db, schema, q, gold);
                producedBy.merge(o.verified() ? o.producedBy() : "not_verified", 1, Integer::sum);
                o.attempts().forEach(x -> attemptOutcomes.merge(x.producer().startsWith("llm") ? "llm:" + x.outcome() : "deterministic:" + x.outcome(), 1, Integer::sum));
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("question", db.id() + "-" + q.id());
                row.put("produced_by", o.verified() ? o.producedBy() : null);
                row.put("endpoint", o.verified() ? o.verification().endpoint().spec().name() : null);
                row.put("attempts", o.attempts());
                perQuestion.add(row);
                System.err.println(q.id() + " -> " + (o.verified() ? o.producedBy() : "not verified") + " " + o.attempts().stream().map(RestCodeGenLoop.Attempt::outcome).toList());
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("at", Instant.now().toString());
        out.put("model", modelFile.getFileName().toString());
        out.put("database", source + "/" + dbId);
        out.put("questions", questions.size());
        out.put("max_attempts", attempts);
        out.put("max_tokens", maxTokens);
        out.put("constrained_json", true);
        out.put("elapsed_s", Math.round((System.nanoTime() - start) / 1e7) / 100.0);
        out.put("produced_by", producedBy);
        out.put("attempt_outcomes", attemptOutcomes);
        out.put("per_question", perQuestion);
        Files.createDirectories(results);
        Path file = results.resolve("rest-codegen-" + dbId + "-smollm2.json");
        Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), out);
        System.out.println("produced_by " + producedBy + "; attempts " + attemptOutcomes + "; wrote " + file);
        // llama.cpp's native threads keep the JVM alive after main returns
        System.exit(0);
    }
}
