package dev.ibench.workers.cli;

import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.workers.imports.BfclImport;
import dev.ibench.workers.imports.BfclImportRequest;
import java.io.IOException;
import java.nio.file.Path;
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
 * ({@link BfclMultiTurnEvalSet}), the three memory categories a {@code bfcl_memory} one (read from BFCL_v4_memory.json and
 * the files beside it), {@code format_sensitivity} a {@code bfcl_format_sensitivity} one (the entries of
 * BFCL_v4_format_sensitivity.json under each prompt configuration). {@code --from-package} reads bfcl-eval's own v4 files from the installed package
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
                    + "multi_turn_base, multi_turn_miss_func, multi_turn_miss_param, multi_turn_long_context, "
                    + "memory_kv, memory_rec_sum or memory_vector (FILE: BFCL_v4_memory.json), "
                    + "format_sensitivity (FILE: BFCL_v4_format_sensitivity.json).")
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
        return new BfclImport(spec.commandLine().getOut(), spec.commandLine().getErr()).run(
                new BfclImportRequest(file, fromPackage, answers, functionDocs, category, involvedClasses, out, name, json));
    }
}
