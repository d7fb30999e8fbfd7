package dev.ibench.workers.imports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.InvolvedClassesSelection;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Imports one of BFCL's multi-turn categories as a {@code bfcl_multi_turn} eval set ({@link BfclMultiTurnEvalSet}),
 * optionally only the entries of the {@code --involved-classes} selection.
 */
final class BfclMultiTurnImport {
    private final BfclImport imports;
    private final ImportOutput output;

    BfclMultiTurnImport(BfclImport imports, ImportOutput output) {
        this.imports = imports;
        this.output = output;
    }

    void run(BfclImportRequest request, String key) throws IOException, ImportRefused {
        imports.requireFiles(request);
        InvolvedClassesSelection selection = selection(request);
        Path file = request.file();
        Path docs = request.functionDocs() != null ? request.functionDocs()
                : (file.toAbsolutePath().getParent() == null ? null : file.toAbsolutePath().getParent().resolve("multi_turn_func_doc"));
        String setName = request.name() != null ? request.name() : "bfcl-" + key.replace('_', '-')
                + (selection == null ? "" : "-" + selection.toString().toLowerCase(Locale.ROOT).replace(',', '-'));
        imports.requireName(setName);
        BfclMultiTurnImporter.Result imported;
        try {
            imported = BfclMultiTurnImporter.read(file, request.answers(), docs, key);
        } catch (IllegalArgumentException e) {
            throw imports.refuse(e.getMessage());
        }
        int readEntries = imported.entries().size();
        if (selection != null) {
            imported = selection.select(imported);
            if (imported.entries().isEmpty()) {
                throw imports.refuse("--involved-classes " + selection + ": none of the " + readEntries + " " + key
                        + " entries read from " + file + " involves exactly these classes");
            }
        }
        ObjectNode report = report(request, docs, key, selection, readEntries, imported);
        Path reportFile = BfclImport.writeSetAndReport(request.out(), setName,
                new BfclMultiTurnEvalSet(key, file.getFileName().toString(), imported.functionDocs(), imported.entries()).toJson(), report);
        PrintWriter stdout = imports.stdout();
        if (request.json()) {
            stdout.println(ImportOutput.text(report));
            return;
        }
        long turns = imported.entries().stream().mapToLong(e -> e.turns().size()).sum();
        stdout.printf(Locale.ROOT, "imported %d %s entries (%d turns, classes %s) into %s; %d left out%s%n", imported.entries().size(), key,
                turns, String.join(", ", imported.functionDocs().keySet()), request.out().resolve(setName + ".json"),
                imported.rejected().size(),
                selection == null ? "" : "; selected by --involved-classes " + selection + " from " + readEntries + " read");
        imported.rejected().forEach(r -> stdout.printf(Locale.ROOT, "  line %d (%s): %s%n", r.line(), r.id(), r.reason()));
        stdout.println("report: " + reportFile);
    }

    /** The {@code --involved-classes} selection; null when the request names none. */
    private InvolvedClassesSelection selection(BfclImportRequest request) throws ImportRefused {
        if (request.involvedClasses() == null) {
            return null;
        }
        try {
            return InvolvedClassesSelection.parse(request.involvedClasses());
        } catch (IllegalArgumentException e) {
            throw imports.refuse(e.getMessage());
        }
    }

    private ObjectNode report(BfclImportRequest request, Path docs, String key, InvolvedClassesSelection selection, int readEntries,
                              BfclMultiTurnImporter.Result imported) throws ImportRefused {
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", request.file().toString());
        report.put("answers", request.answers().toString());
        report.put("function_docs", docs.toString());
        report.put("category", key);
        if (selection != null) {
            report.put("involved_classes", selection.toString());
            report.put("entries_read", readEntries);
        }
        imports.requireOutcome(report, request.file(), imported.entries().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "id", r.id(), r.reason())).toList());
        return report;
    }
}
