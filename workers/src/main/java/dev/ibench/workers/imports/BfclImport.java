package dev.ibench.workers.imports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFormatSensitivityEvalSet;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.bfcl.BfclMemoryBackend;
import dev.ibench.core.bfcl.BfclMemoryImporter;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Imports a BFCL test category as an eval set: writes {@code OUT/NAME.json} and the import report
 * {@code OUT/NAME-import.json}, and says what it imported on the output stream (the report itself with {@code json}).
 * The multi-turn categories go to {@link BfclMultiTurnImport}, the memory ones to {@link BfclMemoryImport}, the web-search
 * ones to {@link BfclWebSearchImport},
 * {@code format_sensitivity} to {@link BfclFormatSensitivityImport}.
 */
public final class BfclImport {
    static final String COMMAND = "ibench import bfcl";

    private final PrintWriter stdout;
    private final PrintWriter err;
    private final ImportOutput output;

    public BfclImport(PrintWriter stdout, PrintWriter err) {
        this.stdout = stdout;
        this.err = err;
        this.output = new ImportOutput(COMMAND, err);
    }

    /** Runs the import; the exit code: 0 when at least one row was imported, 2 for unusable input or no importable row (said on err). */
    public int run(BfclImportRequest request) throws IOException {
        try {
            if (request.fromPackage() == (request.file() != null)) {
                throw refuse("give either a BFCL test FILE or --from-package");
            }
            BfclImportRequest resolved = request.fromPackage() ? fromPackage(request) : request;
            if (BfclMultiTurnImporter.isMultiTurn(resolved.category())) {
                new BfclMultiTurnImport(this, output).run(resolved, resolved.category().trim().toLowerCase(Locale.ROOT));
            } else if (BfclWebSearchImporter.isWebSearch(resolved.category())) {
                new BfclWebSearchImport(this).run(resolved, resolved.category().trim().toLowerCase(Locale.ROOT));
            } else if (BfclMemoryBackend.isMemory(resolved.category())) {
                new BfclMemoryImport(this).run(resolved, resolved.category().trim().toLowerCase(Locale.ROOT));
            } else if (isFormatSensitivity(resolved.category())) {
                new BfclFormatSensitivityImport(this).run(resolved);
            } else {
                importSingleTurn(resolved);
            }
            stdout.flush();
            return 0;
        } catch (ImportRefused refused) {
            return 2;
        }
    }

    /** The request with bfcl-eval's own test file, possible answers and (multi-turn) function docs of its category. */
    private BfclImportRequest fromPackage(BfclImportRequest request) throws ImportRefused {
        if (request.answers() != null || request.functionDocs() != null) {
            throw refuse("--from-package reads the package's own possible answers and function docs: drop --answers / --function-docs");
        }
        BfclEvalPackage bfclEval;
        try {
            bfclEval = BfclEvalPackage.locate();
        } catch (IllegalArgumentException e) {
            throw refuse("--from-package: " + e.getMessage());
        }
        String key = request.category() == null ? "" : request.category().trim().toLowerCase(Locale.ROOT);
        if (BfclMemoryBackend.isMemory(key)) { // one test file for the three backends; the rest is found beside it
            return request.withInputs(bfclEval.data().resolve(BfclMemoryImporter.TESTS), null, null);
        }
        if (BfclWebSearchImporter.isWebSearch(key)) { // one test file for both categories; the rest is found beside it
            return request.withInputs(bfclEval.data().resolve(BfclWebSearchImporter.TESTS), null, null);
        }
        if (isFormatSensitivity(key)) { // the list of ids; the tests and answers it names are found beside it
            return request.withInputs(bfclEval.data().resolve(BfclFormatSensitivityEvalSet.IDS_FILE), null, null);
        }
        Path file = bfclEval.tests(key);
        if (!Files.isRegularFile(file)) {
            throw refuse("--from-package: bfcl-eval ships no test file for category '" + request.category() + "' (" + file + ")");
        }
        boolean multiTurn = BfclMultiTurnImporter.isMultiTurn(key);
        Path answers = multiTurn || Files.isRegularFile(bfclEval.answers(key)) ? bfclEval.answers(key) : null;
        return request.withInputs(file, answers, multiTurn ? bfclEval.functionDocs() : null);
    }

    private static boolean isFormatSensitivity(String category) {
        return category != null && category.trim().toLowerCase(Locale.ROOT).equals(BfclFormatSensitivity.CATEGORY);
    }

    private void importSingleTurn(BfclImportRequest request) throws IOException, ImportRefused {
        BfclCategory category = singleTurnCategory(request);
        requireFiles(request);
        String setName = request.name() != null ? request.name() : "bfcl-" + category.key().replace('_', '-');
        requireName(setName);
        BfclImporter.Result imported;
        try {
            imported = BfclImporter.read(request.file(), request.answers(), category);
        } catch (IllegalArgumentException e) {
            throw refuse(e.getMessage());
        }
        ObjectNode report = singleTurnReport(request, category, imported);
        ObjectNode set = Json.MAPPER.createObjectNode();
        set.put("style", "bfcl");
        set.put("category", category.key());
        set.put("source", request.file().getFileName().toString());
        set.set("data", Json.MAPPER.valueToTree(imported.samples()));
        Path reportFile = writeSetAndReport(request.out(), setName, set, report);
        if (request.json()) {
            stdout.println(ImportOutput.text(report));
            return;
        }
        stdout.printf(Locale.ROOT, "imported %d %s row(s) into %s (%d with a defective possible answer, counted wrong); %d left out%n",
                imported.samples().size(), category.key(), request.out().resolve(setName + ".json"), imported.defective().size(),
                imported.rejected().size());
        imported.rejected().forEach(r -> stdout.printf(Locale.ROOT, "  line %d (%s): %s%n", r.line(), r.id(), r.reason()));
        imported.defective().forEach(r -> stdout.printf(Locale.ROOT, "  defective line %d (%s): %s%n", r.line(), r.id(), r.reason()));
        stdout.println("report: " + reportFile);
    }

    /** The category of a single-turn import, whose request names no multi-turn option. */
    private BfclCategory singleTurnCategory(BfclImportRequest request) throws ImportRefused {
        if (request.functionDocs() != null) {
            throw refuse("--function-docs is for the multi-turn categories only");
        }
        if (request.involvedClasses() != null) {
            throw refuse("--involved-classes is for the multi-turn categories only");
        }
        try {
            return BfclCategory.parse(request.category());
        } catch (IllegalArgumentException e) {
            throw refuse("--category: " + e.getMessage());
        }
    }

    private ObjectNode singleTurnReport(BfclImportRequest request, BfclCategory category, BfclImporter.Result imported)
            throws ImportRefused {
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", request.file().toString());
        report.put("answers", request.answers() == null ? null : request.answers().toString());
        report.put("category", category.key());
        requireOutcome(report, request.file(), imported.samples().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "id", r.id(), r.reason())).toList());
        var defective = report.putArray("defective");
        imported.defective().forEach(r -> defective.addObject().put("line", r.line()).put("id", r.id()).put("reason", r.reason()));
        return report;
    }

    /** The test file and the answers file (when given) exist. */
    void requireFiles(BfclImportRequest request) throws ImportRefused {
        for (Path input : request.answers() == null ? new Path[] {request.file()} : new Path[] {request.file(), request.answers()}) {
            if (!Files.isRegularFile(input)) {
                throw refuse("no such file: " + input);
            }
        }
    }

    void requireName(String setName) throws ImportRefused {
        if (!output.nameAllowed(setName)) {
            throw new ImportRefused();
        }
    }

    void requireOutcome(ObjectNode report, Path file, int imported, java.util.List<ImportOutput.LeftOut> leftOut) throws ImportRefused {
        if (!output.addOutcome(report, file, imported, leftOut)) {
            throw new ImportRefused();
        }
    }

    /** Says {@code message} as the command's error and returns the refusal to throw. */
    ImportRefused refuse(String message) {
        err.println(COMMAND + ": " + message);
        return new ImportRefused();
    }

    PrintWriter stdout() {
        return stdout;
    }

    /** Writes the eval set {@code <out>/<setName>.json}, adds its path to {@code report} and writes that beside it; returns the report's path. */
    static Path writeSetAndReport(Path out, String setName, JsonNode set, ObjectNode report) throws IOException {
        Files.createDirectories(out);
        Path evalSet = out.resolve(setName + ".json");
        ImportOutput.write(evalSet, set);
        report.put("eval_set", evalSet.toString());
        Path reportFile = out.resolve(setName + "-import.json");
        ImportOutput.write(reportFile, report);
        return reportFile;
    }
}
