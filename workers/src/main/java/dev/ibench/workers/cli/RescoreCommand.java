package dev.ibench.workers.cli;

import dev.ibench.core.json.Json;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.PrecisionRecallF1;
import dev.ibench.core.metrics.SlotPairing;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.activities.nestful.PythonSequenceExecutor;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.nestful.NestfulEvalSetFiles;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.workers.IbenchHome;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.FinalAnswerScorer;
import dev.ibench.core.score.BfclFormatSensitivityScore;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.core.score.PredictionsReader;
import dev.ibench.core.score.RecordedDataRoot;
import dev.ibench.core.score.Rescorer;
import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.core.score.ScoreReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ibench rescore --eval-set FILE --predictions FILE.jsonl [--json] [--parser CHAIN] [--bfcl-mode prompt|fc]}: scores recorded raw model
 * outputs without calling a model (docs/metrics.md). Exit 0: all lines scored; 1: scored, but some prediction lines were
 * skipped (each named on stderr); 2: unusable input (missing or unreadable file, unknown parser chain).
 */
@Command(name = "rescore", mixinStandardHelpOptions = true,
        description = "Score recorded raw model outputs against an eval set without calling a model.")
final class RescoreCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--eval-set", required = true, paramLabel = "FILE",
            description = "Eval set: JSON array of samples, or an object whose 'data' field holds them (or JSON Lines).")
    Path evalSet;

    @Option(names = "--predictions", paramLabel = "FILE.jsonl",
            description = "One {sample_id, generated_text} JSON object per line (or a bfcl-eval result file: {id, result}); other fields are ignored.")
    Path predictions;

    @Option(names = "--final-answers", paramLabel = "FILE.jsonl",
            description = "Instead of --predictions: one {sample_id, final_answer} JSON object per line (an agent's final answers,"
                    + " e.g. of an agent that used the tools over MCP); scores completion only.")
    Path finalAnswers;

    @Option(names = "--json", description = "Print the scores as JSON.")
    boolean json;

    @Option(names = "--parser", paramLabel = "CHAIN", defaultValue = ParserChains.DEFAULT,
            description = "Parser chain for the raw outputs: ${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.",
            completionCandidates = ChainNames.class)
    String parser;

    @Option(names = "--slot-pairing", paramLabel = "MODE", defaultValue = "occurrence",
            description = "How gold and predicted calls of the same name are paired for slot scores: occurrence (k-th with k-th, default)"
                    + " or last_by_name (every gold call with the last predicted call of its name, as an earlier seed authors' scorer).")
    String slotPairing;

    @Option(names = "--bfcl-mode", paramLabel = "MODE", defaultValue = "prompt",
            description = "How BFCL function names are judged: prompt (as bfcl-eval's prompt handlers: math.gcd, default) or fc"
                    + " (as its function-calling handlers, underscore_to_dot: math_gcd).")
    String bfclMode;

    @Option(names = "--data-root", paramLabel = "DIR",
            description = "Folder the samples' database paths resolve against, for completion (default: $IBENCH_DATA_ROOT, else "
                    + "the data_root the eval set records when its databases are found there, else ./data).")
    Path dataRoot;

    static final class ChainNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return ParserChains.names().stream().sorted().iterator();
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if ((predictions == null) == (finalAnswers == null)) {
            err.println("ibench rescore: give exactly one of --predictions (raw outputs) or --final-answers (final answers)");
            err.flush();
            return 2;
        }
        if (finalAnswers != null) {
            return rescoreFinalAnswers(out, err);
        }
        List<EvalSample> samples;
        PredictionsReader.Result read;
        SampleScorer scorer;
        try {
            samples = EvalSetReader.read(evalSet);
            read = PredictionsReader.read(predictions);
            if (read.predictions().isEmpty()) {
                read.problems().forEach(p -> err.println("ibench rescore: skipped " + p));
                throw new IllegalArgumentException("predictions " + predictions + ": " + (read.problems().isEmpty()
                        ? "holds no prediction (an empty file); expected one {sample_id, generated_text} JSON object per line"
                        : "no line is a usable prediction"));
            }
            scorer = new SampleScorer(ParserChains.named(parser), completionExecutor(samples), slotPairing())
                    .judgingBfclAs(BfclMode.parse(bfclMode));
        } catch (IllegalArgumentException e) {
            err.println("ibench rescore: " + e.getMessage());
            err.flush();
            return 2;
        }
        if (BfclFormatSensitivityScore.isFormatSensitivity(samples)) {
            return rescoreFormatSensitivity(samples, read, out, err);
        }
        Rescorer.Result result = new Rescorer(scorer).rescore(samples, read.predictions(), predictions.toString());
        read.problems().forEach(p -> err.println("ibench rescore: skipped " + p));
        result.problems().forEach(p -> err.println("ibench rescore: skipped " + p));
        if (!result.missingPredictions().isEmpty()) {
            err.println("ibench rescore: " + result.missingPredictions().size() + " sample(s) of " + evalSet
                    + " have no prediction and were not scored: " + abbreviate(result.missingPredictions()));
        }
        if (result.report().completionRate() == null && samples.stream().anyMatch(s -> BfclCategory.of(s).isEmpty())) {
            err.println("ibench rescore: completion_rate not computed: no sample could be executed (are the databases under --data-root?)");
        }
        if (json) {
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(result.report().toJsonTree()));
        } else {
            printTable(out, result.report());
        }
        out.flush();
        err.flush();
        return read.problems().isEmpty() && result.problems().isEmpty() ? 0 : 1;
    }

    /**
     * A BFCL format-sensitivity set ({@code ibench import bfcl --category format_sensitivity}): scored and reported as
     * bfcl-eval reports that category, its score file's header with {@code --json} (docs/bfcl.md#format-sensitivity).
     */
    private int rescoreFormatSensitivity(List<EvalSample> samples, PredictionsReader.Result read, PrintWriter out, PrintWriter err)
            throws Exception {
        BfclFormatSensitivityScore score = BfclFormatSensitivityScore.of(samples, read.predictions(), predictions.toString());
        read.problems().forEach(p -> err.println("ibench rescore: skipped " + p));
        score.problems().forEach(p -> err.println("ibench rescore: skipped " + p));
        if (!score.missing().isEmpty()) {
            err.println("ibench rescore: " + score.missing().size() + " entr(ies) of " + evalSet
                    + " have no prediction and were not scored (bfcl-eval's partial evaluation leaves them out too): " + abbreviate(score.missing()));
        }
        var stats = score.stats();
        if (json) {
            java.util.Map<String, Object> tree = new java.util.LinkedHashMap<>();
            tree.put("format_sensitivity", stats.header());
            tree.put("error_types", score.errorTypes());
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        } else {
            out.print(BfclFormatSensitivity.text(stats));
            score.errorTypes().forEach((type, n) -> out.printf(Locale.ROOT, "  %-40s %d%n", type, n));
        }
        out.flush();
        err.flush();
        return read.problems().isEmpty() && score.problems().isEmpty() ? 0 : 1;
    }

    private int rescoreFinalAnswers(PrintWriter out, PrintWriter err) throws Exception {
        FinalAnswerScorer.Result result;
        try {
            List<EvalSample> samples = EvalSetReader.read(evalSet);
            result = FinalAnswerScorer.score(samples, finalAnswers, completionExecutor(samples));
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            err.println("ibench rescore: " + e.getMessage());
            err.flush();
            return 2;
        }
        result.problems().forEach(p -> err.println("ibench rescore: skipped " + p));
        if (!result.missing().isEmpty()) {
            err.println("ibench rescore: " + result.missing().size() + " sample(s) of " + evalSet
                    + " have no final answer and were not scored: " + abbreviate(result.missing()));
        }
        if (json) {
            java.util.Map<String, Object> tree = new java.util.LinkedHashMap<>();
            tree.put("samples", result.samples());
            tree.put("answered", result.answered());
            tree.put("completed", result.completed());
            tree.put("completion_rate", result.completionRate());
            tree.put("completed_by_sample", result.completedBySample());
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        } else {
            out.printf(Locale.ROOT, "samples %d, answered %d, completed %d%n", result.samples(), result.answered(), result.completed());
            out.printf(Locale.ROOT, "%-16s %s%n", "completion rate", result.completionRate() == null ? "n/a (no answers)" : fmt(result.completionRate()));
        }
        out.flush();
        err.flush();
        return result.problems().isEmpty() ? 0 : 1;
    }

    private SlotPairing slotPairing() {
        try {
            return SlotPairing.valueOf(slotPairing.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown --slot-pairing '" + slotPairing + "'; use occurrence or last_by_name");
        }
    }

    /**
     * What executes predictions for completion: a NESTful eval set's Python functions (the functions folder next to
     * it), a REST eval set's published endpoints (the endpoints file next to it), else the SLOT/SEL tool runtime. A sample whose database is missing gets no completion result (an
     * infrastructure problem, reported per sample), never a failed completion.
     */
    private SequenceExecutor completionExecutor(List<EvalSample> samples) {
        if (NestfulEvalSetFiles.isNestfulEvalSet(evalSet)) {
            return PythonSequenceExecutor.forEvalSet(evalSet, IbenchHome.resolve().state());
        }
        if (RestEndpointRuntime.isRestEvalSet(evalSet)) {
            return RestEndpointRuntime.forEvalSet(evalSet, dataRoot);
        }
        return new ToolRuntime(dataRoot != null ? dataRoot : defaultDataRoot(samples));
    }

    /** $IBENCH_DATA_ROOT, else the root the eval set records (found from any working folder), else ./data. */
    private Path defaultDataRoot(List<EvalSample> samples) {
        String env = System.getenv("IBENCH_DATA_ROOT");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return RecordedDataRoot.locate(evalSet, samples).orElse(ToolRuntime.defaultDataRoot());
    }

    private static void printTable(PrintWriter out, ScoreReport r) {
        out.printf(Locale.ROOT, "samples %d, parsed %d%n%n", r.samples(), r.parsed());
        out.printf(Locale.ROOT, "%-16s %9s %9s %9s%n", "metric", "precision", "recall", "f1");
        for (IntentMode mode : IntentMode.values()) {
            row(out, "intent (" + mode.key() + ")", r.intent().get(mode));
        }
        row(out, "slot", r.slot());
        row(out, "lcs", r.lcs());
        out.println();
        out.printf(Locale.ROOT, "%-16s %s%n", "completion rate", r.completionRate() == null ? "n/a (databases unavailable)" : fmt(r.completionRate()));
        out.printf(Locale.ROOT, "%-16s %s%n", "sequence partial", fmt(r.partialSequence()));
        out.printf(Locale.ROOT, "%-16s %s%n", "sequence full", fmt(r.fullSequence()));
        if (r.nestful() != null) {
            var n = r.nestful();
            out.println();
            out.printf(Locale.ROOT, "%-16s %s%n", "nestful f1 func", fmt(n.functionF1()));
            out.printf(Locale.ROOT, "%-16s %s%n", "nestful f1 param", fmt(n.parameterF1()));
            out.printf(Locale.ROOT, "%-16s %s%s%n", "win rate", n.winRate() == null ? "n/a (no functions to execute)" : fmt(n.winRate()),
                    n.winUnavailable() > 0 ? " (" + n.winUnavailable() + " sample(s) not executable here, left out)" : "");
            n.byDepth().forEach((depth, g) -> out.printf(Locale.ROOT, "  depth %-8d %d samples, win rate %s%n", depth, g.samples(),
                    g.winRate() == null ? "n/a" : fmt(g.winRate())));
        }
        if (r.bfcl() != null) {
            var b = r.bfcl();
            out.println();
            out.printf(Locale.ROOT, "%-26s %7s %7s %9s%n", "bfcl category", "samples", "correct", "accuracy");
            b.categories().forEach((category, c) -> out.printf(Locale.ROOT, "%-26s %7d %7d %9s%n", category.key(), c.samples(),
                    c.correct(), fmt(c.accuracy())));
            out.printf(Locale.ROOT, "%-26s %s%n", "bfcl overall (weighted)", fmt(b.overallWeighted()));
            out.printf(Locale.ROOT, "%-26s %s%n", "bfcl overall (unweighted)", fmt(b.overallUnweighted()));
            var v4 = b.v4();
            out.printf(Locale.ROOT, "%-26s %s%n", "bfcl v4 overall", v4.describe());
            b.errorTypes().forEach((type, n) -> out.printf(Locale.ROOT, "  %-40s %d%n", type, n));
        }
        out.println();
        out.println("errors (BFCL categories, in order of precedence)");
        r.errors().forEach((c, n) -> out.printf(Locale.ROOT, "  %-30s %d%n", c.key(), n));
    }

    private static void row(PrintWriter out, String name, PrecisionRecallF1 prf) {
        out.printf(Locale.ROOT, "%-16s %9s %9s %9s%n", name, fmt(prf.precision()), fmt(prf.recall()), fmt(prf.f1()));
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }

    private static String abbreviate(List<String> ids) {
        return ids.size() <= 10 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 10)) + ", ...";
    }
}
