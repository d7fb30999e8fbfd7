package dev.ibench.core.bfcl;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * BFCL v4's {@code format_sensitivity} category as bfcl-eval 2026.3.23 builds and reports it (outside the overall): 200
 * single-turn entries of its AST categories (named in {@code BFCL_v4_format_sensitivity.json}), each asked under the 26
 * system-prompt configurations of {@code get_all_format_sensitivity_configs} (return format python / json / verbose_xml /
 * concise_xml x tool-call tag x function-doc format python / xml / json, plus a markdown prompt and the experimental
 * style), as entries {@code format_sensitivity_<n>:<config>:<original id>}. Its score ({@code format_sensitivity_runner}):
 * the accuracy per configuration, and over those accuracies the largest difference, the sample variance and the standard
 * deviation, in percent points rounded to 2 decimals; {@code data_overall.csv} shows the max delta and the standard
 * deviation.
 */
public final class BfclFormatSensitivity {
    public static final String CATEGORY = "format_sensitivity";

    private BfclFormatSensitivity() {}

    /** The 26 configurations in bfcl-eval's order (the order of the entries of one original entry, and of the CSV). */
    public static final List<String> CONFIGS = configs();

    private static List<String> configs() {
        List<String> out = new ArrayList<>();
        for (String returnFormat : List.of("python", "json", "verbose_xml", "concise_xml")) {
            for (String tag : List.of("True", "False")) {
                for (String docFormat : List.of("python", "xml", "json")) {
                    out.add("ret_fmt=" + returnFormat + "&tool_call_tag=" + tag + "&func_doc_fmt=" + docFormat + "&prompt_fmt=plaintext&style=classic");
                }
            }
        }
        out.add("ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=markdown&style=classic");
        out.add("ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=experimental");
        return List.copyOf(out);
    }

    private static final Pattern CONFIG = Pattern.compile("^ret_fmt=(python|json|verbose_xml|concise_xml)&tool_call_tag=(True|False)"
            + "&func_doc_fmt=(python|xml|json)&prompt_fmt=(plaintext|markdown)&style=(classic|experimental)$");

    /** One configuration, as bfcl-eval's {@code parse_prompt_variation_params} reads it. */
    public record Config(String returnFormat, boolean toolCallTag, String functionDocFormat, String promptFormat, String style) {
        public static Config parse(String text) {
            Matcher m = CONFIG.matcher(text == null ? "" : text);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a BFCL format-sensitivity configuration: '" + text + "'");
            }
            return new Config(m.group(1), m.group(2).equals("True"), m.group(3), m.group(4), m.group(5));
        }
    }

    /** Whether {@code id} is a format-sensitivity entry's ({@code format_sensitivity_<n>:<config>:<original id>}). */
    public static boolean isEntryId(String id) {
        return id != null && id.startsWith(CATEGORY + "_") && id.split(":").length == 3;
    }

    /** An entry id's parts: {@code format_sensitivity_<n>:<config>:<original id>}. */
    public record EntryId(int index, String config, String originalId) {
        public static EntryId parse(String id) {
            String[] parts = id == null ? new String[0] : id.split(":");
            if (parts.length != 3 || !parts[0].startsWith(CATEGORY + "_")) {
                throw new IllegalArgumentException("not a BFCL format-sensitivity entry id (format_sensitivity_<n>:<config>:<id>): '" + id + "'");
            }
            return new EntryId(Integer.parseInt(parts[0].substring(CATEGORY.length() + 1)), parts[1], parts[2]);
        }

        public String id() {
            return CATEGORY + "_" + index + ":" + config + ":" + originalId;
        }
    }

    /**
     * The category's score as {@code format_sensitivity_runner} computes it: every entry over all configurations, the
     * accuracy per configuration (in the order first seen), and the spread of those accuracies: {@code maxDelta}
     * (max - min), {@code variance} ({@code statistics.variance}, n - 1) and {@code std} ({@code statistics.stdev}), in
     * percent points ({@code x 100}; the variance {@code x 100^2}) rounded to 2 decimals as Python's {@code round}; all 0
     * with fewer than two configurations.
     */
    public record Stats(int total, int correct, Map<String, BfclSummary.Category> byConfig, double maxDelta, double variance, double std) {
        public double accuracy() {
            return total == 0 ? 0 : correct / (double) total;
        }

        /** The score file's header line as {@code save_eval_results} writes it with the runner's extra fields. */
        public Map<String, Object> header() {
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("accuracy", accuracy());
            h.put("correct_count", correct);
            h.put("total_count", total);
            h.put("accuracy_max_delta", maxDelta);
            h.put("accuracy_variance", variance);
            h.put("accuracy_std", std);
            byConfig.forEach((config, c) -> {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("accuracy", c.accuracy());
                one.put("correct_count", c.correct());
                one.put("total_count", c.samples());
                h.put(config, one);
            });
            return h;
        }
    }

    /**
     * The stats as {@code ibench rescore} prints them (and campaign reports show a format_sensitivity cell's trial): the
     * entries and accuracy, a table of the configurations, and the three spreads in percentage points.
     */
    public static String text(Stats stats) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "bfcl format_sensitivity (not in the BFCL v4 overall): %d entries, %d correct, accuracy %.4f%n%n",
                stats.total(), stats.correct(), stats.accuracy()));
        out.append(String.format(Locale.ROOT, "%-92s %7s %7s %9s%n", "configuration", "entries", "correct", "accuracy"));
        stats.byConfig().forEach((config, c) -> out.append(String.format(Locale.ROOT, "%-92s %7d %7d %9.4f%n", config, c.samples(), c.correct(),
                c.accuracy())));
        out.append(String.format(Locale.ROOT, "%nmax delta %s, standard deviation %s, variance %s (percentage points over the configurations' "
                + "accuracies)%n", pythonStr(stats.maxDelta()), pythonStr(stats.std()), pythonStr(stats.variance())));
        return out.toString();
    }

    /** The stats of per-configuration counts (configuration to entries and correct ones, in the order first seen). */
    public static Stats stats(Map<String, BfclSummary.Category> byConfig) {
        int total = 0;
        int correct = 0;
        List<BigDecimal> accuracies = new ArrayList<>();
        for (BfclSummary.Category c : byConfig.values()) {
            total += c.samples();
            correct += c.correct();
            accuracies.add(new BigDecimal(c.accuracy()));
        }
        if (accuracies.size() < 2) {
            return new Stats(total, correct, new LinkedHashMap<>(byConfig), 0.0, 0.0, 0.0);
        }
        // the float accuracies' exact values, as Python's statistics module takes them (Fractions); sqrt then correctly rounded
        MathContext mc = new MathContext(60);
        BigDecimal n = BigDecimal.valueOf(accuracies.size());
        BigDecimal mean = accuracies.stream().reduce(BigDecimal.ZERO, BigDecimal::add).divide(n, mc);
        BigDecimal squares = accuracies.stream().map(a -> a.subtract(mean).pow(2)).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal variance = squares.divide(n.subtract(BigDecimal.ONE), mc);
        double varianceFloat = variance.doubleValue();
        double stdFloat = variance.sqrt(mc).doubleValue();
        double max = accuracies.stream().mapToDouble(BigDecimal::doubleValue).max().orElse(0);
        double min = accuracies.stream().mapToDouble(BigDecimal::doubleValue).min().orElse(0);
        return new Stats(total, correct, new LinkedHashMap<>(byConfig), round2((max - min) * 100), round2(varianceFloat * 10000),
                round2(stdFloat * 100));
    }

    /** Python's {@code round(x, 2)}: the exact value of the double rounded half to even. */
    static double round2(double x) {
        return new BigDecimal(x).setScale(2, RoundingMode.HALF_EVEN).doubleValue();
    }

    /** How Python's {@code str} writes such a rounded float ({@code 12.5}, {@code 0.0}, {@code 3.33}), as the CSV shows it. */
    public static String pythonStr(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e16) {
            return String.format(java.util.Locale.ROOT, "%.1f", x);
        }
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }
}
