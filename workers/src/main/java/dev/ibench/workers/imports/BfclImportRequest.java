package dev.ibench.workers.imports;

import java.nio.file.Path;

/**
 * What {@code ibench import bfcl} was asked: a test {@code file} (or {@code fromPackage}), its possible {@code answers},
 * the multi-turn {@code functionDocs} folder, the {@code category}, the multi-turn {@code involvedClasses} selection,
 * the folder {@code out} and set {@code name} to write, and whether to print the report as {@code json}. Unset ones are null.
 */
public record BfclImportRequest(Path file, boolean fromPackage, Path answers, Path functionDocs, String category,
                                String involvedClasses, Path out, String name, boolean json) {

    /** The same request reading these inputs (bfcl-eval's own files for {@code --from-package}). */
    BfclImportRequest withInputs(Path file, Path answers, Path functionDocs) {
        return new BfclImportRequest(file, fromPackage, answers, functionDocs, category, involvedClasses, out, name, json);
    }
}
