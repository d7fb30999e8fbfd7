package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclCallRenderer;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFormatSensitivityEvalSet;
import dev.ibench.core.bfcl.BfclFormatSensitivityJudge;
import dev.ibench.core.bfcl.BfclOverallCsv;
import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BFCL's format_sensitivity category against bfcl-eval 2026.3.23's own code: ibench's import of the package's 200
 * entries x 26 configurations has bfcl-eval's 5,200 ids (its evaluation aligns the results to its own entries by id and
 * asserts one per entry); on one output per entry (the gold written in the entry's return format and tool-call tag, or
 * seeded variations of it: a value changed, the tag left out or added, the Python form where another is asked, prose)
 * ibench's verdict and error type equal its format_sensitivity_runner's on every failing entry, its score file's header
 * (accuracy, per-configuration counts, max delta, variance, standard deviation) equals ibench's, and its
 * data_overall.csv over that score file equals ibench's (the two format-sensitivity columns).
 */
class BfclFormatSensitivityAgreementIT {
    private static final String MODEL = "fs-model";

    @TempDir Path dir;

    @Test
    void verdictsScoreFileAndCsvColumnsEqualBfclEvals() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        BfclFormatSensitivityEvalSet.Result imported = BfclFormatSensitivityEvalSet.read(official.data());
        assertThat(imported.listed()).isEqualTo(200);
        assertThat(imported.rejected()).isEmpty();
        assertThat(imported.samples()).hasSize(200 * BfclFormatSensitivity.CONFIGS.size());

        Random random = new Random(4343);
        Map<String, String> outputs = new LinkedHashMap<>();
        Map<String, Integer> variants = new TreeMap<>();
        StringBuilder results = new StringBuilder();
        for (EvalSample s : imported.samples()) {
            BfclFormatSensitivity.Config config = BfclFormatSensitivity.Config.parse(BfclFormatSensitivity.EntryId.parse(s.sampleId()).config());
            String variant = switch (random.nextInt(10)) {
                case 0 -> "changed_value";
                case 1 -> "tag_flipped";
                case 2 -> "python_form";
                case 3 -> "prose";
                default -> "gold";
            };
            variants.merge(variant, 1, Integer::sum);
            List<ToolCall> calls = variant.equals("changed_value") ? changed(s.output()) : s.output();
            String output = switch (variant) {
                case "prose" -> "I cannot answer that with the functions given.";
                case "python_form" -> python(calls);
                case "tag_flipped" -> tagged(render(calls, config.returnFormat()), !config.toolCallTag());
                default -> tagged(render(calls, config.returnFormat()), config.toolCallTag());
            };
            outputs.put(s.sampleId(), output);
            results.append(Json.MAPPER.writeValueAsString(Map.of("id", s.sampleId(), "result", output))).append('\n');
        }
        Path resultFile = dir.resolve("BFCL_v4_format_sensitivity_result.json");
        Files.writeString(resultFile, results);
        Path scores = dir.resolve("score");
        official.evaluateFormatSensitivity(resultFile, scores, MODEL);
        List<String> lines = Files.readAllLines(scores.resolve(MODEL + "/format_sensitivity/BFCL_v4_format_sensitivity_score.json"));
        JsonNode theirHeader = Json.MAPPER.readTree(lines.get(0));
        Map<String, String> theirFailures = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            JsonNode f = Json.MAPPER.readTree(line);
            theirFailures.put(f.get("id").asText(), f.get("error_type").asText());
        }

        Map<String, BfclSummary.Category> byConfig = new LinkedHashMap<>();
        Map<String, String> ourFailures = new TreeMap<>();
        for (EvalSample s : imported.samples()) {
            BfclVerdict v = BfclFormatSensitivityJudge.judge(s, outputs.get(s.sampleId()));
            String config = BfclFormatSensitivity.EntryId.parse(s.sampleId()).config();
            byConfig.merge(config, new BfclSummary.Category(1, v.valid() ? 1 : 0), BfclSummary.Category::plus);
            if (!v.valid()) {
                ourFailures.put(s.sampleId(), v.errorType());
            }
        }
        Map<String, Long> byType = new TreeMap<>();
        theirFailures.values().forEach(t -> byType.merge(t, 1L, Long::sum));
        System.out.printf("BfclFormatSensitivityAgreementIT: %d entries, outputs %s; bfcl-eval fails %d (%s), ibench %d%n", outputs.size(),
                variants, theirFailures.size(), byType, ourFailures.size());
        assertThat(ourFailures).as("failing entries and error types, ibench vs bfcl-eval").isEqualTo(theirFailures);

        BfclFormatSensitivity.Stats stats = BfclFormatSensitivity.stats(byConfig);
        System.out.println("score header (bfcl-eval): " + theirHeader);
        assertThat(Json.MAPPER.valueToTree(stats.header()).toString()).isEqualTo(theirHeader.toString());
        assertThat(stats.maxDelta()).isPositive();

        String theirs = official.leaderboardCsv(scores);
        String ours = BfclOverallCsv.csv(List.of(new BfclOverallCsv.Model(MODEL, Map.of(), stats)));
        System.out.println("data_overall.csv (bfcl-eval):\n" + theirs);
        assertThat(ours).isEqualTo(theirs);
    }

    static List<ToolCall> changed(List<ToolCall> calls) {
        List<ToolCall> out = new ArrayList<>(calls);
        if (out.isEmpty() || out.get(0).arguments().isEmpty()) {
            return out;
        }
        ToolCall first = out.get(0);
        Map<String, Object> args = new LinkedHashMap<>(first.arguments());
        String key = args.keySet().iterator().next();
        Object v = args.get(key);
        args.put(key, v instanceof String str ? str + " (changed)" : v instanceof Integer i ? i + 7 : v instanceof Long l ? l + 7
                : v instanceof Double d ? d + 7.5 : v instanceof Boolean b ? !b : "changed");
        out.set(0, new ToolCall(first.name(), args, null));
        return out;
    }

    static String tagged(String text, boolean tag) {
        return tag ? "<TOOLCALL>" + text + "</TOOLCALL>" : text;
    }

    static String render(List<ToolCall> calls, String returnFormat) throws Exception {
        return switch (returnFormat) {
            case "python" -> python(calls);
            case "json" -> json(calls);
            default -> xml(calls, returnFormat.equals("verbose_xml"));
        };
    }

    static String python(List<ToolCall> calls) {
        List<String> out = new ArrayList<>();
        for (ToolCall c : calls) {
            List<String> args = new ArrayList<>();
            c.arguments().forEach((k, v) -> args.add(k + "=" + BfclCallRenderer.python(v)));
            out.add(c.name() + "(" + String.join(", ", args) + ")");
        }
        return "[" + String.join(", ", out) + "]";
    }

    private static String json(List<ToolCall> calls) throws Exception {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ToolCall c : calls) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("function", c.name());
            one.put("parameters", c.arguments());
            out.add(one);
        }
        return Json.MAPPER.writeValueAsString(out);
    }

    /** The verbose form: {@code <param name value type/>} inside {@code <params>}; the concise: the value as the text. */
    private static String xml(List<ToolCall> calls, boolean verbose) {
        StringBuilder out = new StringBuilder("<functions>");
        for (ToolCall c : calls) {
            out.append("<function name=\"").append(escape(c.name())).append("\">").append(verbose ? "<params>" : "");
            c.arguments().forEach((k, v) -> {
                String value = v instanceof String str ? str : BfclCallRenderer.python(v);
                if (verbose) {
                    out.append("<param name=\"").append(escape(k)).append("\" value=\"").append(escape(value)).append("\" type=\"")
                            .append(type(v)).append("\"/>");
                } else {
                    out.append("<param name=\"").append(escape(k)).append("\" type=\"").append(type(v)).append("\">").append(escape(value))
                            .append("</param>");
                }
            });
            out.append(verbose ? "</params>" : "").append("</function>");
        }
        return out.append("</functions>").toString();
    }

    private static String type(Object v) {
        if (v instanceof Boolean) {
            return "boolean";
        }
        if (v instanceof Integer || v instanceof Long || v instanceof java.math.BigInteger) {
            return "integer";
        }
        if (v instanceof Number) {
            return "float";
        }
        if (v instanceof List<?>) {
            return "array";
        }
        if (v instanceof Map<?, ?>) {
            return "dict";
        }
        return v == null ? "null" : "string";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
