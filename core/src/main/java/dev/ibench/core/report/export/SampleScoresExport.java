package dev.ibench.core.report.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.campaign.EscapedText;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.SampleRow;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Per-sample scores of a campaign as CSV (one row per sample trial, one column per score key; empty where a cell has
 * no such score) or JSON Lines (one object per sample trial with a {@code scores} object). Each row also carries its
 * cell's state ({@code stopped: <reason>} for a stopped cell) and planned item count, the denominator of completion over
 * planned: items never run have no row (docs/reports.md#denominators).
 */
public final class SampleScoresExport {
    private static final List<String> FIXED = List.of("campaign_id", "cell_id", "model", "benchmark", "mode", "ablation", "sample_id", "trial", "status",
            "cell_state", "cell_planned");

    private SampleScoresExport() {}

    public static String csv(String campaignId, List<SampleRow> rows) {
        return csv(campaignId, rows, Map.of());
    }

    public static String jsonl(String campaignId, List<SampleRow> rows) {
        return jsonl(campaignId, rows, Map.of());
    }

    /** @param standings each cell's standing by cell id (a cell without one gets empty state and planned fields) */
    public static String csv(String campaignId, List<SampleRow> rows, Map<String, CellStanding> standings) {
        Set<String> keys = new LinkedHashSet<>();
        rows.forEach(r -> keys.addAll(r.scores().keySet()));
        StringWriter out = new StringWriter();
        writeCsv(campaignId, rows, keys, standings, out);
        return out.toString();
    }

    /**
     * Writes the CSV of {@code rows} as they come ({@code keys}: the score columns, every key of the rows in the order
     * first seen), holding one row at a time.
     */
    public static void writeCsv(String campaignId, Iterable<SampleRow> rows, Set<String> keys, Map<String, CellStanding> standings,
                                Writer out) {
        StringBuilder header = new StringBuilder(String.join(",", FIXED));
        keys.forEach(k -> header.append(',').append(field(k)));
        header.append('\n');
        write(out, header);
        for (SampleRow r : rows) {
            StringBuilder line = new StringBuilder();
            line.append(String.join(",", List.of(field(campaignId), field(r.cellId()), field(r.model()), field(r.benchmark()), field(r.mode()),
                    field(r.ablation()), field(r.sampleId()), String.valueOf(r.trial()), field(r.status()),
                    field(state(standings.get(r.cellId()))), planned(standings.get(r.cellId())))));
            for (String k : keys) {
                Double v = r.scores().get(k);
                line.append(',').append(v == null ? "" : number(v));
            }
            line.append('\n');
            write(out, line);
        }
    }

    public static String jsonl(String campaignId, List<SampleRow> rows, Map<String, CellStanding> standings) {
        return jsonl(campaignId, rows, standings, null);
    }

    /**
     * {@link #jsonl(String, List, Map)} with each item's rendered prompts under {@code prompts} (a direct or sql item's
     * one prompt, a ReACT item's prompt of every step in order), each the stored prompt JSON ({@code text} or
     * {@code messages}, and {@code tools}); {@code prompts} null: none written.
     */
    public static String jsonl(String campaignId, List<SampleRow> rows, Map<String, CellStanding> standings,
                               Function<SampleRow, List<String>> prompts) {
        StringWriter out = new StringWriter();
        writeJsonl(campaignId, rows, standings, prompts, out);
        return out.toString();
    }

    /** Writes the JSON Lines of {@code rows} as they come (with their prompts when {@code prompts} is not null), one row at a time. */
    public static void writeJsonl(String campaignId, Iterable<SampleRow> rows, Map<String, CellStanding> standings,
                                  Function<SampleRow, List<String>> prompts, Writer out) {
        for (SampleRow r : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("campaign_id", campaignId);
            m.put("cell_id", r.cellId());
            m.put("model", r.model());
            m.put("benchmark", r.benchmark());
            m.put("mode", r.mode());
            m.put("ablation", r.ablation());
            m.put("sample_id", r.sampleId());
            m.put("trial", r.trial());
            m.put("status", r.status());
            CellStanding standing = standings.get(r.cellId());
            m.put("cell_state", state(standing));
            m.put("cell_planned", standing == null ? null : standing.planned());
            m.put("scores", r.scores());
            try {
                if (prompts != null) {
                    List<JsonNode> shown = new ArrayList<>();
                    for (String prompt : prompts.apply(r)) {
                        shown.add(Json.MAPPER.readTree(prompt));
                    }
                    m.put("prompts", shown);
                }
                write(out, Json.MAPPER.writeValueAsString(m) + "\n");
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write the scores of " + r.sampleId(), e);
            }
        }
    }

    private static void write(Writer out, CharSequence text) {
        try {
            out.append(text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the export: " + e.getMessage(), e);
        }
    }

    private static String state(CellStanding s) {
        return s == null ? null : s.shown();
    }

    private static String planned(CellStanding s) {
        return s == null ? "" : String.valueOf(s.planned());
    }

    /**
     * RFC 4180: quoted when it holds a comma or quote; quotes doubled. Control characters (line breaks, terminal escapes)
     * are escaped as {@code \\uXXXX} ({@link EscapedText}), and a text a spreadsheet would run as a formula (starting
     * with {@code =}, {@code +}, {@code -} or {@code @}) gets a leading {@code '} (OWASP's CSV-injection rule).
     */
    static String field(String raw) {
        if (raw == null) {
            return "";
        }
        String s = EscapedText.of(raw);
        if (!s.isEmpty() && "=+-@".indexOf(s.charAt(0)) >= 0) {
            s = "'" + s;
        }
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }
}
