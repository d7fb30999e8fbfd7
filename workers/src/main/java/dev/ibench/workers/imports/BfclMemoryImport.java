package dev.ibench.workers.imports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryImporter;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Imports one of BFCL's memory categories ({@code memory_kv}, {@code memory_rec_sum}, {@code memory_vector}) from
 * {@code BFCL_v4_memory.json} and the files bfcl-eval ships beside it as a {@code bfcl_memory} eval set
 * ({@link BfclMemoryEvalSet}): the questions with their possible answers, each scenario's prerequisite conversations and
 * the backend's function docs.
 */
final class BfclMemoryImport {
    private final BfclImport imports;

    BfclMemoryImport(BfclImport imports) {
        this.imports = imports;
    }

    void run(BfclImportRequest request, String key) throws IOException, ImportRefused {
        if (request.answers() != null || request.functionDocs() != null || request.involvedClasses() != null) {
            throw imports.refuse(key + " reads its possible answers, prerequisite conversations and function docs from beside "
                    + BfclMemoryImporter.TESTS + ": drop --answers / --function-docs / --involved-classes");
        }
        imports.requireFiles(request);
        String setName = request.name() != null ? request.name() : "bfcl-" + key.replace('_', '-');
        imports.requireName(setName);
        BfclMemoryImporter.Result imported;
        try {
            imported = BfclMemoryImporter.read(request.file(), key);
        } catch (IllegalArgumentException e) {
            throw imports.refuse(e.getMessage());
        }
        BfclMemoryEvalSet set = imported.evalSet();
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", request.file().toString());
        report.put("category", key);
        report.put("backend", set.backend());
        ObjectNode scenarios = report.putObject("prerequisite_conversations");
        set.scenarios().forEach((scenario, conversations) -> scenarios.put(scenario, conversations.size()));
        imports.requireOutcome(report, request.file(), set.questions().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "id", r.id(), r.reason())).toList());
        Path reportFile = BfclImport.writeSetAndReport(request.out(), setName, set.toJson(), report);
        PrintWriter stdout = imports.stdout();
        if (request.json()) {
            stdout.println(ImportOutput.text(report));
            return;
        }
        stdout.printf(Locale.ROOT, "imported %d %s questions of %d scenarios (%d prerequisite conversations, backend %s) into %s; %d left out%n",
                set.questions().size(), key, set.scenarios().size(), set.scenarios().values().stream().mapToInt(java.util.List::size).sum(),
                set.backend(), request.out().resolve(setName + ".json"), imported.rejected().size());
        imported.rejected().forEach(r -> stdout.printf(Locale.ROOT, "  line %d (%s): %s%n", r.line(), r.id(), r.reason()));
        stdout.println("report: " + reportFile);
    }
}
