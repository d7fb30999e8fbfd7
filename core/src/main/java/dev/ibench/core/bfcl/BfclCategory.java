package dev.ibench.core.bfcl;

import dev.ibench.core.sample.EvalSample;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The BFCL single-turn Python test categories ibench imports and scores. AST categories are checked by
 * {@link BfclAstChecker} against a possible-answer file; in the irrelevance categories no call is correct (the model
 * must decline); in {@code live_relevance} any decodable call is correct. Samples of a category belong to dataset
 * {@code bfcl_<category>} (e.g. {@code bfcl_live_simple}), which is how scoring and prompting recognise them.
 */
public enum BfclCategory {
    SIMPLE(Kind.AST),
    /** BFCL v4's name of v3's {@code simple}. */
    SIMPLE_PYTHON(Kind.AST),
    /** Java functions; arguments are strings in Java syntax, converted as bfcl-eval converts them. */
    SIMPLE_JAVA(Kind.AST),
    /** JavaScript functions; arguments are strings in JavaScript syntax. */
    SIMPLE_JAVASCRIPT(Kind.AST),
    MULTIPLE(Kind.AST),
    PARALLEL(Kind.AST),
    PARALLEL_MULTIPLE(Kind.AST),
    LIVE_SIMPLE(Kind.AST),
    LIVE_MULTIPLE(Kind.AST),
    LIVE_PARALLEL(Kind.AST),
    LIVE_PARALLEL_MULTIPLE(Kind.AST),
    IRRELEVANCE(Kind.IRRELEVANCE),
    LIVE_IRRELEVANCE(Kind.IRRELEVANCE),
    LIVE_RELEVANCE(Kind.RELEVANCE);

    /** How a category's samples are judged. */
    public enum Kind { AST, IRRELEVANCE, RELEVANCE }

    public static final String DATASET_PREFIX = "bfcl_";

    private final Kind kind;

    BfclCategory(Kind kind) {
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** BFCL's own name: {@code simple}, {@code live_parallel_multiple}, ... */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String datasetName() {
        return DATASET_PREFIX + key();
    }

    /** AST categories need a possible-answer file; the (ir)relevance categories have none. */
    public boolean needsAnswers() {
        return kind == Kind.AST;
    }

    public static BfclCategory parse(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(c -> c.key().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown BFCL category '" + text + "' (valid: " + validNames()
                        + "; multi-turn: multi_turn_base, multi_turn_miss_func, multi_turn_miss_param, multi_turn_long_context"
                        + "; memory: memory_kv, memory_rec_sum, memory_vector (from BFCL_v4_memory.json)"
                        + "; format_sensitivity (from BFCL_v4_format_sensitivity.json)"
                        + "; web search: web_search_base, web_search_no_snippet (from BFCL_v4_web_search.json)"
                        + "; BFCL's exec categories are not supported)"));
    }

    /** The category of a sample's dataset name, empty for samples that are not BFCL's. */
    public static Optional<BfclCategory> ofDataset(String datasetName) {
        if (datasetName == null || !datasetName.startsWith(DATASET_PREFIX)) {
            return Optional.empty();
        }
        String key = datasetName.substring(DATASET_PREFIX.length());
        return Arrays.stream(values()).filter(c -> c.key().equals(key)).findFirst();
    }

    /** The category of a BFCL sample, empty for other samples. BFCL samples are judged by AST, never executed. */
    public static Optional<BfclCategory> of(EvalSample sample) {
        return ofDataset(sample.datasetName());
    }

    public static String validNames() {
        return Arrays.stream(values()).map(BfclCategory::key).collect(Collectors.joining(", "));
    }
}
