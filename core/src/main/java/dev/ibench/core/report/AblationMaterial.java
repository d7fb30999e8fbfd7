package dev.ibench.core.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Locale;

/**
 * What a model wrote for a cell's model-written ablation, for the report: the generator, the check applied and one row
 * per paraphrase (original question, rewrite, similarity, accepted) or per written tool (gold tool, tool name,
 * similarity, kept), with the reason for every rejection. {@code samplesWithout} counts the cell's samples with
 * nothing stored yet (never run).
 */
public record AblationMaterial(
        @JsonProperty("ablation") String ablation,
        @JsonProperty("generator") String generator,
        @JsonProperty("check") String check,
        @JsonProperty("rows") List<Row> rows,
        @JsonProperty("samples_without") int samplesWithout) {

    public AblationMaterial {
        rows = List.copyOf(rows);
    }

    /** One paraphrase or one written tool. {@code origin}: the original question or the gold tool's name. */
    public record Row(
            @JsonProperty("sample_id") String sampleId,
            @JsonProperty("origin") String origin,
            @JsonProperty("written") String written,
            @JsonProperty("similarity") Double similarity,
            @JsonProperty("kept") boolean kept,
            @JsonProperty("reason") String reason) {}

    public long kept() {
        return rows.stream().filter(Row::kept).count();
    }

    /** {@code paraphrase: 7 of 8 rewrites accepted (...)}. */
    public String summary() {
        String what = "paraphrase".equals(ablation) ? "rewrites accepted, the others fell back to the original question"
                : "written tools kept and offered";
        return String.format(Locale.ROOT, "%s by %s: %d of %d %s; check: %s", ablation, generator, kept(), rows.size(), what, check)
                + (samplesWithout > 0 ? "; " + samplesWithout + " sample(s) not written yet" : "");
    }

    public static String similarity(Double s) {
        return s == null ? "–" : String.format(Locale.ROOT, "%.3f", s);
    }
}
