package dev.ibench.bench;

import java.util.List;
import java.util.Map;

/** The short Markdown summary of a soak report ({@code soak.md}). */
final class SoakSummary {
    private SoakSummary() {}

    @SuppressWarnings("unchecked")
    static String markdown(Map<String, Object> report) {
        StringBuilder md = new StringBuilder("# Soak bench (bench/soak.sh)\n\n");
        md.append("Verdict: **").append(Boolean.TRUE.equals(report.get("all_checks_pass")) ? "every check passes" : "a check FAILED").append("**");
        if (report.containsKey("failed")) {
            md.append(" (the bench stopped: ").append(report.get("failed")).append(')');
        }
        md.append("\n\n- started ").append(report.get("started")).append(", settings ").append(report.get("settings"));
        md.append("\n- load before: `").append(report.get("uptime_before")).append("`; after: `").append(report.get("uptime_after")).append('`');
        md.append("\n- ").append(report.get("how_items_keep_flowing"));
        Map<String, Object> reference = (Map<String, Object>) report.get("reference");
        if (reference != null) {
            md.append("\n- reference (undisturbed, fast endpoint, SQLite store): ").append(reference.get("items")).append(" items, states ")
                    .append(reference.get("states")).append(", ").append(reference.get("model_requests")).append(" model requests");
        }
        Map<String, Object> checks = (Map<String, Object>) report.get("checks");
        if (checks != null) {
            md.append("\n\n## Checks\n\n| check | value |\n|---|---|\n");
            checks.forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));
        }
        List<Map<String, Object>> rounds = (List<Map<String, Object>>) report.get("rounds");
        if (rounds != null && !rounds.isEmpty()) {
            md.append("\n## Rounds\n\n| round | seconds | items | scored | identical | infra left | paid | worked on | bound | faults |\n")
                    .append("|---|---|---|---|---|---|---|---|---|---|\n");
            for (Map<String, Object> r : rounds) {
                md.append("| ").append(r.get("round")).append(" | ").append(r.get("from_seconds")).append('-').append(r.get("to_seconds"))
                        .append(" | ").append(r.get("items")).append(" | ").append(r.get("items_scored")).append(" | ")
                        .append(r.get("identical_to_reference")).append(" | ").append(r.get("infra_errors_left")).append(" | ")
                        .append(r.get("paid_requests")).append(" | ").append(r.get("worked_on_requests")).append(" | ")
                        .append(r.get("request_bound")).append(" | ").append(r.get("faults_during_round")).append(" |\n");
            }
        }
        Map<String, Object> slopes = (Map<String, Object>) report.get("slopes");
        if (slopes != null) {
            md.append("\n## Slopes (least squares per hour, after the warm-up)\n\n").append(report.get("flatness_rule"))
                    .append("\n\n| metric | slope / h | limit / h | first fifth median | last fifth median | flat |\n|---|---|---|---|---|---|\n");
            slopes.forEach((k, v) -> {
                Map<String, Object> s = (Map<String, Object>) v;
                md.append("| ").append(k).append(" (").append(s.getOrDefault("unit", "")).append(") | ").append(s.getOrDefault("slope_per_hour", "-"))
                        .append(" | ").append(s.getOrDefault("limit_per_hour", "-")).append(" | ").append(s.getOrDefault("first_fifth_median", "-"))
                        .append(" | ").append(s.getOrDefault("last_fifth_median", "-")).append(" | ")
                        .append(s.containsKey("flat") ? s.get("flat") : Boolean.TRUE.equals(s.get("not_sampled")) ? "not sampled" : "not judged")
                        .append(" |\n");
            });
        }
        md.append("\nFaults per kind: ").append(report.get("faults_per_kind")).append(". Full data: `soak.json` (every fault, every round, "
                + "every minute's sample).\n");
        return md.toString();
    }
}
