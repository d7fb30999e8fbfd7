package dev.ibench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.verify.SqlRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Times gold-sequence execution in the tool runtime against the gold SQL in SQLite on the same samples.
 * Usage: {@code RuntimeBench <eval-set-dir> <data-root> <results-dir> <name> [repetitions]}. Writes
 * {@code <name>-samples.csv} (per sample, cached and uncached joins) and {@code <name>-summary.json}.
 */
public final class RuntimeBench {
    private RuntimeBench() {}

    record Timing(String sampleId, double sequenceMs, double sequenceNoCacheMs, double sqlMs) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path dataRoot = Path.of(args[1]);
        Path results = Path.of(args[2]);
        String name = args[3];
        int reps = args.length > 4 ? Integer.parseInt(args[4]) : 5;
        List<EvalSample> samples = load(dir);
        SqlRunner sql = new SqlRunner(120, 1_000_000);
        List<Timing> timings = new ArrayList<>();
        try (ToolRuntime cached = new ToolRuntime(dataRoot, true); ToolRuntime uncached = new ToolRuntime(dataRoot, false)) {
            for (EvalSample s : samples) {
                Connection c = cached.startingTables().databases().connection(
                        cached.databaseFile(InitializationStep.fromMap(s.initializationStep()).databasePath()));
                ExecutionOutcome warm = cached.execute(s, s.output());
                if (!warm.ok()) throw new IllegalStateException(s.sampleId() + ": gold sequence failed: " + warm.observations());
                sql.run(c, s.query());
                double seq = median(reps, () -> cached.execute(s, s.output()));
                double seqCold = median(Math.min(reps, 3), () -> uncached.execute(s, s.output()));
                double q = median(reps, () -> {
                    try {
                        sql.run(c, s.query());
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
                timings.add(new Timing(s.sampleId(), seq, seqCold, q));
            }
        }
        Files.createDirectories(results);
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(results.resolve(name + "-samples.csv")))) {
            w.println("sample_id,sequence_ms,sequence_no_join_cache_ms,sql_ms,ratio,ratio_no_join_cache");
            for (Timing t : timings) {
                w.printf("%s,%.4f,%.4f,%.4f,%.4f,%.4f%n", t.sampleId(), t.sequenceMs(), t.sequenceNoCacheMs(), t.sqlMs(),
                        t.sequenceMs() / t.sqlMs(), t.sequenceNoCacheMs() / t.sqlMs());
            }
        }
        double[] ratio = timings.stream().mapToDouble(t -> t.sequenceMs() / t.sqlMs()).sorted().toArray();
        double[] ratioCold = timings.stream().mapToDouble(t -> t.sequenceNoCacheMs() / t.sqlMs()).sorted().toArray();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("eval_sets", dir.toString());
        summary.put("samples", timings.size());
        summary.put("repetitions", reps);
        summary.put("median_ratio", round(percentile(ratio, 0.5)));
        summary.put("p95_ratio", round(percentile(ratio, 0.95)));
        summary.put("median_ratio_no_join_cache", round(percentile(ratioCold, 0.5)));
        summary.put("p95_ratio_no_join_cache", round(percentile(ratioCold, 0.95)));
        summary.put("total_sequence_ms", round(timings.stream().mapToDouble(Timing::sequenceMs).sum()));
        summary.put("total_sequence_no_join_cache_ms", round(timings.stream().mapToDouble(Timing::sequenceNoCacheMs).sum()));
        summary.put("total_sql_ms", round(timings.stream().mapToDouble(Timing::sqlMs).sum()));
        summary.put("java", System.getProperty("java.version"));
        summary.put("cpus", Runtime.getRuntime().availableProcessors());
        Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(results.resolve(name + "-summary.json").toFile(), summary);
        System.out.println(Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(summary));
    }

    private static List<EvalSample> load(Path dir) throws IOException {
        List<EvalSample> out = new ArrayList<>();
        TreeSet<Path> files = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*-slot.json")) {
            ds.forEach(files::add);
        }
        for (Path f : files) {
            JsonNode data = Json.MAPPER.readTree(f.toFile()).get("data");
            for (JsonNode n : data) out.add(Json.MAPPER.treeToValue(n, EvalSample.class));
        }
        return out;
    }

    private static double median(int reps, Runnable r) {
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) {
            long start = System.nanoTime();
            r.run();
            t[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(t);
        return t[reps / 2];
    }

    private static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) return Double.NaN;
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    private static double round(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }
}
