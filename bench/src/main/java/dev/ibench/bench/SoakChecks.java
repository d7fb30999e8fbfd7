package dev.ibench.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The soak's checks, read from its report: the reference run, every round, every fault, every slope. */
final class SoakChecks {
    private SoakChecks() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> of(Map<String, Object> report, int referenceItems, SoakSettings settings) {
        Map<String, Object> checks = new LinkedHashMap<>();
        Map<String, Object> reference = (Map<String, Object>) report.get("reference");
        boolean referenceOk = Boolean.TRUE.equals(reference.get("all_completed")) && Long.valueOf(0).equals(toLong(reference.get("infra_errors_left")))
                && referenceItems > 0;
        checks.put("reference_completed_without_infra_errors", referenceOk);
        List<Map<String, Object>> rounds = (List<Map<String, Object>>) report.get("rounds");
        long items = rounds.stream().mapToLong(r -> toLong(r.get("items"))).sum();
        checks.put("rounds", rounds.size());
        checks.put("items", items);
        checks.put("items_scored", rounds.stream().mapToLong(r -> toLong(r.get("items_scored"))).sum());
        List<Object> notCompleted = rounds.stream().filter(r -> !Boolean.TRUE.equals(r.get("all_completed"))).map(r -> r.get("round")).toList();
        List<Object> infraLeft = rounds.stream().filter(r -> toLong(r.get("infra_errors_left")) != 0).map(r -> r.get("round")).toList();
        List<Object> differing = rounds.stream().filter(r -> !Boolean.TRUE.equals(r.get("identical_to_reference"))).map(r -> r.get("round")).toList();
        List<Object> overBound = rounds.stream().filter(r -> !Boolean.TRUE.equals(r.get("requests_within_bound"))).map(r -> r.get("round")).toList();
        checks.put("rounds_not_completed", notCompleted);
        checks.put("rounds_with_infra_errors_left", infraLeft);
        checks.put("rounds_differing_from_reference", differing);
        checks.put("rounds_over_the_request_bound", overBound);
        double soakSeconds = ((Number) report.getOrDefault("soak_seconds", 0)).doubleValue();
        boolean longEnough = soakSeconds >= settings.minutes() * 60.0;
        checks.put("ran_the_whole_time", longEnough);
        List<Map<String, Object>> faults = (List<Map<String, Object>>) report.getOrDefault("faults", List.of());
        List<SoakFaults.Planned> planned = SoakFaults.schedule(settings.minutes() * 60.0, settings.killEverySeconds(),
                settings.serverEverySeconds(), settings.pgEverySeconds());
        List<String> failedFaults = faults.stream().filter(f -> f.containsKey("failed")).map(f -> f.get("kind") + " " + f.get("n") + ": " + f.get("failed")).toList();
        checks.put("faults_planned", planned.size());
        checks.put("faults_done", faults.size());
        checks.put("faults_failed", failedFaults);
        boolean faultsOk = faults.size() == planned.size() && failedFaults.isEmpty();
        Map<String, Object> slopes = (Map<String, Object>) report.get("slopes");
        boolean flat = slopes != null && SoakMetrics.allFlat(slopes);
        checks.put("all_slopes_flat", flat);
        boolean pass = referenceOk && !rounds.isEmpty() && notCompleted.isEmpty() && infraLeft.isEmpty() && differing.isEmpty()
                && overBound.isEmpty() && longEnough && faultsOk && flat;
        checks.put("all_pass", pass);
        return checks;
    }

    private static long toLong(Object o) {
        return o instanceof Number n ? n.longValue() : -1;
    }
}
