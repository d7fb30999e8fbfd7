package dev.ibench.workers.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.InvolvedClassesSelection;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ibench import bfcl (FILE [--answers FILE] [--function-docs DIR] | --from-package) --category CATEGORY --out DIR
 * [--involved-classes CLASS[,CLASS]] [--name NAME] [--json]}: writes
 * {@code DIR/NAME.json} (the eval set, samples of dataset {@code bfcl_<category>}) and {@code DIR/NAME-import.json}
 * (rows imported, rows left out with the reason). The four multi-turn categories give a {@code bfcl_multi_turn} eval set
 * ({@link BfclMultiTurnEvalSet}). {@code --from-package} reads bfcl-eval's own v4 files from the installed package
 * ({@link BfclEvalPackage}). Exit 0: at least one row imported; 2: unusable input or no row importable.
 */
@Command(name = "bfcl", mixinStandardHelpOptions = true,
        description = "Import a BFCL test category (and its possible answers) as an eval set scored by BFCL's AST check.")
final class ImportBfclCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
            description = "BFCL test file, e.g. BFCL_v3_simple.json (JSON Lines); or --from-package.")
    Path file;

    @Option(names = "--from-package",
            description = "Read bfcl-eval's own v4 files (BFCL_v4_<category>.json, possible_answer/, multi_turn_func_doc/) from the "
                    + "installed package: $IBENCH_BFCL_EVAL, else ~/.cache/ibench/pylib/bfcl-eval-2026.3.23 (deploy/local/install-bfcl-eval.sh).")
    boolean fromPackage;

    @Option(names = "--function-docs", paramLabel = "DIR",
            description = "Multi-turn categories: bfcl-eval's multi_turn_func_doc folder (default: multi_turn_func_doc next to FILE).")
    Path functionDocs;

    @Option(names = "--answers", paramLabel = "FILE",
            description = "BFCL possible-answer file of the same category (required except for irrelevance and live_relevance).")
    Path answers;

    @Option(names = "--category", required = true, paramLabel = "CATEGORY",
            description = "simple (v4: simple_python), simple_java, simple_javascript, multiple, parallel, parallel_multiple, "
                    + "live_simple, live_multiple, live_parallel, live_parallel_multiple, irrelevance, live_irrelevance, live_relevance, "
                    + "multi_turn_base, multi_turn_miss_func, multi_turn_miss_param or multi_turn_long_context.")
    String category;

    @Option(names = "--involved-classes", paramLabel = "CLASS[,CLASS]",
            description = "Multi-turn categories: keep only the entries whose involved classes are exactly these (any order), e.g. "
                    + "TradingBot; such entries share BFCL's system prompt, so a prompt-caching model evaluates it once.")
    String involvedClasses;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder to write the eval set into.")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "Eval set name (default: bfcl-<category>).")
    String name;

    @Option(names = "--json", description = "Print the import report as JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        ImportOutput output = new ImportOutput("ibench import bfcl", err);
        if (fromPackage == (file != null)) {
            err.println("ibench import bfcl: give either a BFCL test FILE or --from-package");
            return 2;
        }
        if (fromPackage) {
            if (answers != null || functionDocs != null) {
                err.println("ibench import bfcl: --from-package reads the package's own possible answers and function docs: drop --answers / --function-docs");
                return 2;
            }
            BfclEvalPackage bfclEval;
            try {
                bfclEval = BfclEvalPackage.locate();
            } catch (IllegalArgumentException e) {
                err.println("ibench import bfcl: --from-package: " + e.getMessage());
                return 2;
            }
            String key = category == null ? "" : category.trim().toLowerCase(Locale.ROOT);
            file = bfclEval.tests(key);
            if (!Files.isRegularFile(file)) {
                err.println("ibench import bfcl: --from-package: bfcl-eval ships no test file for category '" + category + "' (" + file + ")");
                return 2;
            }
            boolean multiTurn = BfclMultiTurnImporter.isMultiTurn(key);
            if (multiTurn || Files.isRegularFile(bfclEval.answers(key))) {
                answers = bfclEval.answers(key);
            }
            if (multiTurn) {
                functionDocs = bfclEval.functionDocs();
            }
        }
        if (BfclMultiTurnImporter.isMultiTurn(category)) {
            return importMultiTurn(output, category.trim().toLowerCase(Locale.ROOT), err, stdout);
        }
        if (functionDocs != null) {
            err.println("ibench import bfcl: --function-docs is for the multi-turn categories only");
            return 2;
        }
        if (involvedClasses != null) {
            err.println("ibench import bfcl: --involved-classes is for the multi-turn categories only");
            return 2;
        }
        BfclCategory parsedCategory;
        try {
            parsedCategory = BfclCategory.parse(category);
        } catch (IllegalArgumentException e) {
            err.println("ibench import bfcl: --category: " + e.getMessage());
            return 2;
        }
        for (Path input : answers == null ? new Path[] {file} : new Path[] {file, answers}) {
            if (!Files.isRegularFile(input)) {
                err.println("ibench import bfcl: no such file: " + input);
                return 2;
            }
        }
        String setName = name != null ? name : "bfcl-" + parsedCategory.key().replace('_', '-');
        if (!output.nameAllowed(setName)) {
            return 2;
        }
        BfclImporter.Result imported;
        try {
            imported = BfclImporter.read(file, answers, parsedCategory);
        } catch (IllegalArgumentException e) {
            err.println("ibench import bfcl: " + e.getMessage());
            return 2;
        }
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", file.toString());
        report.put("answers", answers == null ? null : answers.toString());
        report.put("category", parsedCategory.key());
        if (!output.addOutcome(report, file, imported.samples().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "id", r.id(), r.reason())).toList())) {
            return 2;
        }
        var defective = report.putArray("defective");
        imported.defective().forEach(r -> defective.addObject().put("line", r.line()).put("id", r.id()).put("reason", r.reason()));
        ObjectNode set = Json.MAPPER.createObjectNode();
        set.put("style", "bfcl");
        set.put("category", parsedCategory.key());
        set.put("source", file.getFileName().toString());
        set.set("data", Json.MAPPER.valueToTree(imported.samples()));
        Path evalSet = out.resolve(setName + ".json");
        Path reportFile = writeSetAndReport(setName, set, report);
        if (json) {
            stdout.println(ImportOutput.text(report));
        } else {
            stdout.printf(Locale.ROOT, "imported %d %s row(s) into %s (%d with a defective possible answer, counted wrong); %d left out%n",
                    imported.samples().size(), parsedCategory.key(), evalSet, imported.defective().size(), imported.rejected().size());
            imported.rejected().forEach(r -> stdout.printf(Locale.ROOT, "  line %d (%s): %s%n", r.line(), r.id(), r.reason()));
            imported.defective().forEach(r -> stdout.printf(Locale.ROOT, "  defective line %d (%s): %s%n", r.line(), r.id(), r.reason()));
            stdout.println("report: " + reportFile);
        }
        stdout.flush();
        return 0;
    }

    private int importMultiTurn(ImportOutput output, String key, PrintWriter err, PrintWriter stdout) throws IOException {
        for (Path input : answers == null ? new Path[] {file} : new Path[] {file, answers}) {
            if (!Files.isRegularFile(input)) {
                err.println("ibench import bfcl: no such file: " + input);
                return 2;
            }
        }
        InvolvedClassesSelection selection = null;
        if (involvedClasses != null) {
            try {
                selection = InvolvedClassesSelection.parse(involvedClasses);
            } catch (IllegalArgumentException e) {
                err.println("ibench import bfcl: " + e.getMessage());
                return 2;
            }
        }
        Path docs = functionDocs != null ? functionDocs
                : (file.toAbsolutePath().getParent() == null ? null : file.toAbsolutePath().getParent().resolve("multi_turn_func_doc"));
        String setName = name != null ? name : "bfcl-" + key.replace('_', '-')
                + (selection == null ? "" : "-" + selection.toString().toLowerCase(Locale.ROOT).replace(',', '-'));
        if (!output.nameAllowed(setName)) {
            return 2;
        }
        BfclMultiTurnImporter.Result imported;
        try {
            imported = BfclMultiTurnImporter.read(file, answers, docs, key);
        } catch (IllegalArgumentException e) {
            err.println("ibench import bfcl: " + e.getMessage());
            return 2;
        }
        int readEntries = imported.entries().size();
        if (selection != null) {
            imported = selection.select(imported);
            if (imported.entries().isEmpty()) {
                err.println("ibench import bfcl: --involved-classes " + selection + ": none of the " + readEntries + " " + key
                        + " entries read from " + file + " involves exactly these classes");
                return 2;
            }
        }
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", file.toString());
        report.put("answers", answers.toString());
        report.put("function_docs", docs.toString());
        report.put("category", key);
        if (selection != null) {
            report.put("involved_classes", selection.toString());
            report.put("entries_read", readEntries);
        }
        if (!output.addOutcome(report, file, imported.entries().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "id", r.id(), r.reason())).toList())) {
            return 2;
        }
        Path evalSet = out.resolve(setName + ".json");
        Path reportFile = writeSetAndReport(setName,
                new BfclMultiTurnEvalSet(key, file.getFileName().toString(), imported.functionDocs(), imported.entries()).toJson(), report);
        if (json) {
            stdout.println(ImportOutput.text(report));
        } else {
            long turns = imported.entries().stream().mapToLong(e -> e.turns().size()).sum();
            stdout.printf(Locale.ROOT, "imported %d %s entries (%d turns, classes %s) into %s; %d left out%s%n", imported.entries().size(), key,
                    turns, String.join(", ", imported.functionDocs().keySet()), evalSet, imported.rejected().size(),
                    selection == null ? "" : "; selected by --involved-classes " + selection + " from " + readEntries + " read");
            imported.rejected().forEach(r -> stdout.printf(Locale.ROOT, "  line %d (%s): %s%n", r.line(), r.id(), r.reason()));
            stdout.println("report: " + reportFile);
        }
        stdout.flush();
        return 0;
    }

    /** Writes the eval set {@code <out>/<setName>.json}, adds its path to {@code report} and writes that beside it; returns the report's path. */
    private Path writeSetAndReport(String setName, JsonNode set, ObjectNode report) throws IOException {
        Files.createDirectories(out);
        Path evalSet = out.resolve(setName + ".json");
        ImportOutput.write(evalSet, set);
        report.put("eval_set", evalSet.toString());
        Path reportFile = out.resolve(setName + "-import.json");
        ImportOutput.write(reportFile, report);
        return reportFile;
    }
}
