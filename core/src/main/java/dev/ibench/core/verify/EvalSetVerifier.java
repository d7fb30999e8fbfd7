package dev.ibench.core.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Re-checks a built folder: for every sample, executes the gold sequence in the tool runtime and the gold
 * SQL on SQLite and checks that both agree with each other and with the stored gold answer.
 */
public final class EvalSetVerifier {
    private final SqlRunner sql = new SqlRunner(120, 200_000);

    /** Agreement of one file; {@code failures} names the disagreeing samples and why. */
    public record FileResult(String file, int samples, int agreed, List<String> failures) {}

    /** All files; {@code agreement} is agreed / samples (1.0 when there are no samples). */
    public record Result(List<FileResult> files, int samples, int agreed) {
        public double agreement() {
            return samples == 0 ? 1.0 : (double) agreed / samples;
        }
    }

    /** {@code dataRoot} null means: each file's recorded {@code data_root}. */
    public Result verify(Path dir, Path dataRoot) throws IOException {
        TreeSet<Path> files = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.json")) {
            for (Path p : ds) if (!p.getFileName().toString().equals("coverage.json")) files.add(p);
        }
        List<FileResult> results = new ArrayList<>();
        int samples = 0;
        int agreed = 0;
        Map<Path, ToolRuntime> runtimes = new LinkedHashMap<>();
        try {
            for (Path f : files) {
                JsonNode root = Json.MAPPER.readTree(f.toFile());
                JsonNode data = root.isArray() ? root : root.get("data");
                if (data == null || !data.isArray()) continue;
                Path base = dataRoot != null ? dataRoot : root.hasNonNull("data_root") ? Path.of(root.get("data_root").asText()) : ToolRuntime.defaultDataRoot();
                ToolRuntime runtime = runtimes.computeIfAbsent(base, ToolRuntime::new);
                List<String> failures = new ArrayList<>();
                int ok = 0;
                for (JsonNode n : data) {
                    EvalSample s = Json.MAPPER.treeToValue(n, EvalSample.class);
                    String problem = check(runtime, s);
                    if (problem == null) ok++;
                    else failures.add(s.sampleId() + ": " + problem);
                }
                results.add(new FileResult(f.getFileName().toString(), data.size(), ok, failures));
                samples += data.size();
                agreed += ok;
            }
        } finally {
            runtimes.values().forEach(ToolRuntime::close);
        }
        return new Result(results, samples, agreed);
    }

    /** Null when the sample's sequence, its SQL and its gold answer agree, else the problem. */
    public String check(ToolRuntime runtime, EvalSample s) {
        ExecutionOutcome outcome = runtime.execute(s, s.output());
        if (!outcome.ok()) return "gold sequence failed: " + String.join(" | ", outcome.observations());
        List<List<Object>> rows;
        try {
            InitializationStep step = InitializationStep.fromMap(s.initializationStep());
            rows = sql.run(runtime.startingTables().databases().connection(runtime.databaseFile(step.databasePath())), s.query());
        } catch (SQLException | RuntimeException e) {
            return "gold SQL failed: " + e.getMessage();
        }
        boolean ordered = OrderSensitivity.ordered(s.query());
        if (!AnswerComparator.sameRows(rows, AnswerShape.rows(outcome.answer()), ordered)) return "sequence answer differs from SQL answer";
        if (!AnswerComparator.same(s.goldAnswer(), AnswerShape.fold(rows), ordered)) return "stored gold_answer differs from SQL answer";
        return null;
    }
}
