package dev.ibench.workers.imports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFormatSensitivityEvalSet;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Imports BFCL's {@code format_sensitivity} category from {@code BFCL_v4_format_sensitivity.json} (the ids of the entries
 * it asks) and the test and possible-answer files beside it, as a {@code bfcl_format_sensitivity} eval set
 * ({@link BfclFormatSensitivityEvalSet}): each entry under each of bfcl-eval's 26 prompt configurations.
 */
final class BfclFormatSensitivityImport {
    private final BfclImport imports;

    BfclFormatSensitivityImport(BfclImport imports) {
        this.imports = imports;
    }

    void run(BfclImportRequest request) throws IOException, ImportRefused {
        String key = BfclFormatSensitivity.CATEGORY;
        if (request.answers() != null || request.functionDocs() != null || request.involvedClasses() != null) {
            throw imports.refuse(key + " reads the tests and possible answers of the categories it names from beside "
                    + BfclFormatSensitivityEvalSet.IDS_FILE + ": drop --answers / --function-docs / --involved-classes");
        }
        imports.requireFiles(request);
        String setName = request.name() != null ? request.name() : "bfcl-format-sensitivity";
        imports.requireName(setName);
        BfclFormatSensitivityEvalSet.Result imported;
        try {
            imported = BfclFormatSensitivityEvalSet.read(request.file().toAbsolutePath().getParent());
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw imports.refuse(e.getMessage());
        }
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", request.file().toString());
        report.put("category", key);
        report.put("entries_listed", imported.listed());
        report.put("configurations", BfclFormatSensitivity.CONFIGS.size());
        imports.requireOutcome(report, request.file(), imported.samples().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "id", r.id(), r.reason())).toList());
        Path reportFile = BfclImport.writeSetAndReport(request.out(), setName,
                Json.MAPPER.valueToTree(BfclFormatSensitivityEvalSet.toJson(imported.samples(), request.file().getFileName().toString())), report);
        PrintWriter stdout = imports.stdout();
        if (request.json()) {
            stdout.println(ImportOutput.text(report));
            return;
        }
        stdout.printf(Locale.ROOT, "imported %d %s entries (%d listed entries x %d configurations) into %s; %d listed entries left out%n",
                imported.samples().size(), key, imported.listed(), BfclFormatSensitivity.CONFIGS.size(), request.out().resolve(setName + ".json"),
                imported.rejected().size());
        imported.rejected().forEach(r -> stdout.printf(Locale.ROOT, "  line %d (%s): %s%n", r.line(), r.id(), r.reason()));
        stdout.println("report: " + reportFile);
    }
}
