package dev.ibench.core.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.AnswerComparator;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.OrderSensitivity;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Re-checks the SLOT and SEL eval sets of a built folder: for every sample, executes the gold sequence in the
 * tool runtime and the gold SQL on SQLite and checks that both agree with each other and with the stored gold
 * answer. Other JSON files of the folder are skipped by their content: eval sets of other styles (file-level
 * {@code style}, e.g. {@code rest}, verified by {@code dev.ibench.core.rest.RestEvalSetVerifier}),
 * {@code coverage.json}, and the REST publication files (OpenAPI document, endpoint specs, tool specs).
 */
public final class EvalSetVerifier {
    private final SqlRunner sql = new SqlRunner(120, 200_000);

    /** The styles this verifier checks; a file whose {@code style} is anything else is not its business. */
    public static final Set<String> STYLES = Set.of("slot", "sel");

    private static final List<String> STYLE_ORDER = List.of("slot", "sel", "rest");

    /**
     * Agreement of one file of one {@code style} ({@code slot}, {@code sel}, {@code rest}; {@code unknown} when
     * the file does not say); {@code failures} names the disagreeing samples and why.
     */
    public record FileResult(String file, int samples, int agreed, List<String> failures, String style) {
        public FileResult(String file, int samples, int agreed, List<String> failures) {
            this(file, samples, agreed, failures, "unknown");
        }
    }

    /** Agreement of all files of one style. */
    public record StyleResult(String style, int samples, int agreed) {
        public double agreement() {
            return samples == 0 ? 1.0 : (double) agreed / samples;
        }
    }

    /** All files; {@code agreement} is agreed / samples (1.0 when there are no samples). */
    public record Result(List<FileResult> files, int samples, int agreed) {
        public double agreement() {
            return samples == 0 ? 1.0 : (double) agreed / samples;
        }

        /** Totals per style: slot, sel, rest first, then any other style in the order it appears in {@link #files()}. */
        public Map<String, StyleResult> byStyle() {
            Map<String, StyleResult> out = new LinkedHashMap<>();
            List<FileResult> ordered = new ArrayList<>(files);
            ordered.sort(Comparator.comparingInt(f -> STYLE_ORDER.indexOf(f.style()) < 0 ? STYLE_ORDER.size() : STYLE_ORDER.indexOf(f.style())));
            for (FileResult f : ordered) {
                out.merge(f.style(), new StyleResult(f.style(), f.samples(), f.agreed()),
                        (a, b) -> new StyleResult(a.style(), a.samples() + b.samples(), a.agreed() + b.agreed()));
            }
            return out;
        }

        /** This result followed by {@code other}'s files. */
        public Result plus(Result other) {
            List<FileResult> all = new ArrayList<>(files);
            all.addAll(other.files());
            return new Result(List.copyOf(all), samples + other.samples(), agreed + other.agreed());
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
                String style = styleOf(root);
                if (style == null) continue;
                JsonNode data = root.isArray() ? root : root.get("data");
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
                results.add(new FileResult(f.getFileName().toString(), data.size(), ok, failures, style));
                samples += data.size();
                agreed += ok;
            }
        } finally {
            runtimes.values().forEach(ToolRuntime::close);
        }
        return new Result(results, samples, agreed);
    }

    /**
     * The style of a SLOT/SEL eval set, or null when the file is something else. An eval-set object names its
     * style; a file without one (a bare array as the seed publishes, or an object without {@code style}) counts
     * as a tool-sequence eval set only when its samples carry an {@code initialization_step}, which REST
     * samples and tool-spec lists do not.
     */
    static String styleOf(JsonNode root) {
        JsonNode data = root.isArray() ? root : root.get("data");
        if (data == null || !data.isArray()) return null;
        JsonNode declared = root.isObject() ? root.get("style") : null;
        if (declared != null && declared.isTextual()) {
            String style = declared.asText().toLowerCase(Locale.ROOT);
            return STYLES.contains(style) ? style : null;
        }
        if (data.isEmpty()) return null;
        for (JsonNode n : data) {
            if (!n.isObject() || !n.hasNonNull("initialization_step")) return null;
        }
        return "unknown";
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
