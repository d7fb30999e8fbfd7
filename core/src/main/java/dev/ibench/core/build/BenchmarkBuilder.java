package dev.ibench.core.build;

import dev.ibench.core.compile.CompiledQuery;
import dev.ibench.core.compile.QueryCompiler;
import dev.ibench.core.compile.SelTranslator;
import dev.ibench.core.compile.UnsupportedQueryException;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.json.JsonFiles;
import dev.ibench.core.runtime.AnswerComparator;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.OrderSensitivity;
import dev.ibench.core.runtime.ToolCatalog;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.runtime.ToolSpecFactory;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.sql.SqlParsing;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.core.verify.SqlRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Builds eval sets: for every question, runs the gold SQL, compiles it to a SLOT sequence (and derives SEL),
 * executes each sequence in the tool runtime and emits the sample only when both answers agree. Every other
 * question is counted under a reason in coverage.json. One bad question or database never stops the build.
 */
public final class BenchmarkBuilder {
    private final Consumer<String> log;
    private final SqlRunner sqlRunner = new SqlRunner(120, 200_000);

    private final boolean verbose;

    public BenchmarkBuilder(Consumer<String> log) {
        this(log, false);
    }

    /** {@code verbose}: also log each question that is not verified, with its reason and SQL. */
    public BenchmarkBuilder(Consumer<String> log, boolean verbose) {
        this.log = log;
        this.verbose = verbose;
    }

    /** Files written, the coverage report, and the databases built (every database under the root for "all"). */
    public record Result(List<Path> files, CoverageReport coverage, Map<String, Object> coverageJson, List<String> dbIds) {}

    public Result build(BuildOptions o) throws IOException {
        Dataset dataset = DatasetLoader.forSource(o.source()).load(o.root(), o.dbIds(), o.dataRoot());
        Files.createDirectories(o.out());
        ToolCatalog catalog = ToolCatalog.of(o.mode());
        ToolSpecFactory specs = new ToolSpecFactory(catalog);
        SelTranslator sel = new SelTranslator(catalog);
        CoverageReport coverage = new CoverageReport();
        List<Path> files = new ArrayList<>();
        try (ToolRuntime runtime = new ToolRuntime(o.dataRoot())) {
            for (DatabaseEntry db : dataset.databases()) {
                coverage.warnings(db.id(), db.warnings());
                Map<ToolStyle, List<EvalSample>> samples = new EnumMap<>(ToolStyle.class);
                for (ToolStyle s : o.styles()) samples.put(s, new ArrayList<>());
                BuildDatabase base = BuildDatabase.open(dataset, db, runtime.startingTables().databases(), log);
                QueryCompiler compiler = base.schema() == null ? null : new QueryCompiler(base.schema(), db, o.mode());
                base.eachBuildable(o.styles().stream().map(BenchmarkBuilder::style).toList(), coverage,
                        q -> buildQuestion(o, db, q, base.connection(), compiler, runtime, specs, sel, coverage, samples));
                for (ToolStyle s : o.styles()) {
                    Path file = o.out().resolve(o.source() + "-" + db.id() + "-" + style(s) + ".json");
                    EvalSetFile set = new EvalSetFile(o.source(), db.id(), style(s), o.mode().name().toLowerCase(Locale.ROOT),
                            o.dataRoot().toString().replace('\\', '/'), samples.get(s));
                    JsonFiles.writeReplacing(file, set);
                    files.add(file);
                }
                log.accept(db.id() + ": " + base.questions().size() + " questions, verified " + describe(coverage, o, db.id()));
            }
        }
        Map<String, Object> json = coverage.toMap(o.source(), o.mode().name().toLowerCase(Locale.ROOT));
        Path coverageFile = o.out().resolve("coverage.json");
        JsonFiles.writeReplacing(coverageFile, json);
        files.add(coverageFile);
        return new Result(files, coverage, json, dataset.databases().stream().map(DatabaseEntry::id).toList());
    }

    private static String describe(CoverageReport coverage, BuildOptions o, String db) {
        StringBuilder sb = new StringBuilder();
        for (ToolStyle s : o.styles()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> byDb = (Map<String, Object>) ((Map<String, Object>) coverage.toMap(o.source(), "").get("by_style")).get(style(s));
            @SuppressWarnings("unchecked")
            Map<String, Object> cell = (Map<String, Object>) ((Map<String, Object>) byDb.get("by_db")).get(db);
            sb.append(style(s)).append('=').append(cell == null ? 0 : cell.get("verified")).append(' ');
        }
        return sb.toString().trim();
    }

    static String style(ToolStyle s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    private void buildQuestion(BuildOptions o, DatabaseEntry db, Question q, Connection connection, QueryCompiler compiler, ToolRuntime runtime,
                               ToolSpecFactory specs, SelTranslator sel, CoverageReport coverage, Map<ToolStyle, List<EvalSample>> samples) {
        List<List<Object>> rows;
        CompiledQuery compiled;
        try {
            compiled = compiler.compile(q.sql());
        } catch (SqlParsing.SqlParseException e) {
            reasonAll(o, coverage, db, "sql_parse_error");
            return;
        } catch (UnsupportedQueryException e) {
            reasonAll(o, coverage, db, e.reason());
            if (verbose) log.accept(db.id() + "/" + q.id() + " " + e.getMessage());
            return;
        } catch (RuntimeException e) {
            reasonAll(o, coverage, db, "compiler_error");
            log.accept(db.id() + "/" + q.id() + ": compiler error " + e);
            return;
        }
        try {
            rows = sqlRunner.run(connection, q.sql());
        } catch (SQLException e) {
            reasonAll(o, coverage, db, "sql_error");
            return;
        }
        if (rows.isEmpty()) {
            reasonAll(o, coverage, db, "empty_sql_result");
            return;
        }
        boolean ordered = OrderSensitivity.ordered(q.sql());
        Object gold = AnswerShape.fold(rows);
        Map<String, Object> init = compiled.initialization().toMap();
        for (ToolStyle s : o.styles()) {
            List<ToolCall> calls;
            try {
                calls = s == ToolStyle.SLOT ? compiled.calls() : sel.translate(compiled.calls());
            } catch (UnsupportedQueryException e) {
                coverage.reason(style(s), db.id(), e.reason());
                continue;
            }
            coverage.inScope(style(s), db.id());
            EvalSample sample = new EvalSample(db.id() + "-" + q.id(), db.id(), q.text(), q.sql(), gold, calls, init,
                    specs.specs(s, compiled.keys()), compiled.keys());
            ExecutionOutcome outcome = runtime.execute(sample, calls);
            if (!outcome.ok()) {
                coverage.reason(style(s), db.id(), "sequence_error");
                if (verbose) log.accept(db.id() + "/" + q.id() + " " + style(s) + " sequence_error: " + outcome.observations() + " SQL: " + q.sql());
                continue;
            }
            if (!AnswerComparator.sameRows(rows, AnswerShape.rows(outcome.answer()), ordered)) {
                coverage.reason(style(s), db.id(), "answer_mismatch");
                if (verbose) log.accept(db.id() + "/" + q.id() + " " + style(s) + " answer_mismatch: SQL " + abbreviate(rows) + " vs sequence "
                        + abbreviate(outcome.answer()) + " SQL: " + q.sql());
                continue;
            }
            coverage.verified(style(s), db.id());
            samples.get(s).add(sample);
        }
    }

    private static String abbreviate(Object o) {
        String s = String.valueOf(o);
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    private void reasonAll(BuildOptions o, CoverageReport coverage, DatabaseEntry db, String reason) {
        for (ToolStyle s : o.styles()) coverage.reason(style(s), db.id(), reason);
    }

}
