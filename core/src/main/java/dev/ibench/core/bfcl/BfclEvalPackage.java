package dev.ibench.core.bfcl;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the BFCL authors' PyPI package {@code bfcl-eval} is installed: the folder holding {@code bfcl_eval/} (a
 * {@code pip install --target} folder, put on {@code PYTHONPATH}). {@code $IBENCH_BFCL_EVAL} when set, else the tool
 * cache's {@code ~/.cache/ibench/pylib/bfcl-eval-2026.3.23} that {@code deploy/local/install-bfcl-eval.sh} fills. Its
 * data ({@code bfcl_eval/data}) is what {@code ibench import bfcl --from-package} reads; its multi-turn backends
 * ({@code bfcl_eval/eval_checker/multi_turn_eval/func_source_code}) are what multi-turn calls execute against.
 */
public final class BfclEvalPackage {
    public static final String VERSION = "2026.3.23";
    public static final String ENV = "IBENCH_BFCL_EVAL";

    private final Path root;

    private BfclEvalPackage(Path root) {
        this.root = root;
    }

    /** The package folder ({@code $IBENCH_BFCL_EVAL} or the tool cache), whether or not it is installed. */
    public static Path defaultRoot() {
        String configured = System.getenv(ENV);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "ibench", "pylib", "bfcl-eval-" + VERSION);
    }

    /** The installed package at {@code root}; a clear error naming the folder and how to install it when absent. */
    public static BfclEvalPackage at(Path root) {
        if (!Files.isDirectory(root.resolve("bfcl_eval/data")) || !Files.isDirectory(root.resolve("bfcl_eval/eval_checker/multi_turn_eval"))) {
            throw new IllegalArgumentException("bfcl-eval is not installed in " + root + " (no bfcl_eval/data there): run "
                    + "deploy/local/install-bfcl-eval.sh (pip install --no-deps --target " + root + " bfcl-eval==" + VERSION
                    + "), or set " + ENV + " to the folder holding bfcl_eval/");
        }
        return new BfclEvalPackage(root.toAbsolutePath());
    }

    public static BfclEvalPackage locate() {
        return at(defaultRoot());
    }

    /** The folder to put on {@code PYTHONPATH}. */
    public Path root() {
        return root;
    }

    public Path data() {
        return root.resolve("bfcl_eval/data");
    }

    /** The test file of a v4 category, e.g. {@code bfcl_eval/data/BFCL_v4_multi_turn_base.json}. */
    public Path tests(String category) {
        return data().resolve("BFCL_v4_" + category + ".json");
    }

    /** The possible-answer file of a v4 category. */
    public Path answers(String category) {
        return data().resolve("possible_answer/BFCL_v4_" + category + ".json");
    }

    /** The multi-turn function docs, {@code bfcl_eval/data/multi_turn_func_doc}. */
    public Path functionDocs() {
        return data().resolve("multi_turn_func_doc");
    }
}
