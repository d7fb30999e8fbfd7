package dev.ibench.workers.imports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Imports one of BFCL's web-search categories ({@code web_search_base}, {@code web_search_no_snippet}) from
 * {@code BFCL_v4_web_search.json} and the files bfcl-eval ships beside it as a {@code bfcl_multi_turn} eval set of
 * one-turn entries of the backend {@code WebSearchAPI} ({@link BfclWebSearchImporter}).
 */
final class BfclWebSearchImport {
    private final BfclImport imports;

    BfclWebSearchImport(BfclImport imports) {
        this.imports = imports;
    }

    void run(BfclImportRequest request, String key) throws IOException, ImportRefused {
        if (request.answers() != null || request.functionDocs() != null || request.involvedClasses() != null) {
            throw imports.refuse(key + " reads its possible answers and function docs from beside " + BfclWebSearchImporter.TESTS
                    + ": drop --answers / --function-docs / --involved-classes");
        }
        imports.requireFiles(request);
        String setName = request.name() != null ? request.name() : "bfcl-" + key.replace('_', '-');
        imports.requireName(setName);
        BfclMultiTurnImporter.Result imported;
        try {
            imported = BfclWebSearchImporter.read(request.file(), key);
        } catch (IllegalArgumentException e) {
            throw imports.refuse(e.getMessage());
        }
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", request.file().toString());
        report.put("category", key);
        report.put("backend", BfclWebSearchImporter.BACKEND);
        imports.requireOutcome(report, request.file(), imported.entries().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "id", r.id(), r.reason())).toList());
        Path reportFile = BfclImport.writeSetAndReport(request.out(), setName,
                new BfclMultiTurnEvalSet(key, request.file().getFileName().toString(), imported.functionDocs(), imported.entries()).toJson(), report);
        PrintWriter stdout = imports.stdout();
        if (request.json()) {
            stdout.println(ImportOutput.text(report));
            return;
        }
        stdout.printf(Locale.ROOT, "imported %d %s questions (backend %s) into %s; %d left out%n", imported.entries().size(), key,
                BfclWebSearchImporter.BACKEND, request.out().resolve(setName + ".json"), imported.rejected().size());
        imported.rejected().forEach(r -> stdout.printf(Locale.ROOT, "  line %d (%s): %s%n", r.line(), r.id(), r.reason()));
        stdout.println("report: " + reportFile);
    }
}
