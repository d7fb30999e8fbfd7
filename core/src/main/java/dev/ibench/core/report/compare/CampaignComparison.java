package dev.ibench.core.report.compare;

import dev.ibench.core.report.SampleRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-metric differences (B minus A) between two campaigns on the samples both scored. Cells pair by their
 * coordinates ({@link SampleRow#cellKey()}: model, benchmark, mode, ablation), samples by id within a cell; a sample's
 * value is its mean over the trials it was scored in; pairs are taken in sample id order. Each metric's difference gets a {@link PairedBootstrap} interval.
 */
public record CampaignComparison(String campaignA, String campaignB, long seed, int resamples, List<CellPairing> cells,
                                 List<MetricDelta> deltas) {

    /** How many samples of a cell pair both campaigns scored, and how many only one did. */
    public record CellPairing(String cell, int paired, int onlyA, int onlyB) {}

    /** One metric of one cell: the paired samples' means in A and B, their difference and its 95% interval. */
    public record MetricDelta(String cell, String metric, int samples, double meanA, double meanB, double delta, double lower, double upper) {}

    public static CampaignComparison of(String campaignA, List<SampleRow> a, String campaignB, List<SampleRow> b, long seed, int resamples) {
        Map<String, Map<String, Map<String, Double>>> byCellA = perSample(a);
        Map<String, Map<String, Map<String, Double>>> byCellB = perSample(b);
        List<CellPairing> cells = new ArrayList<>();
        List<MetricDelta> deltas = new ArrayList<>();
        Set<String> cellKeys = new LinkedHashSet<>(byCellA.keySet());
        cellKeys.addAll(byCellB.keySet());
        for (String cell : cellKeys) {
            Map<String, Map<String, Double>> samplesA = byCellA.getOrDefault(cell, Map.of());
            Map<String, Map<String, Double>> samplesB = byCellB.getOrDefault(cell, Map.of());
            List<String> both = samplesA.keySet().stream().filter(samplesB::containsKey).sorted().toList();
            cells.add(new CellPairing(cell, both.size(), samplesA.size() - both.size(), samplesB.size() - both.size()));
            Set<String> metrics = new LinkedHashSet<>();
            both.forEach(id -> metrics.addAll(samplesA.get(id).keySet()));
            for (String metric : metrics) {
                List<String> ids = both.stream().filter(id -> samplesA.get(id).containsKey(metric) && samplesB.get(id).containsKey(metric)).toList();
                if (ids.isEmpty()) {
                    continue;
                }
                double[] diff = new double[ids.size()];
                double sumA = 0;
                double sumB = 0;
                for (int i = 0; i < ids.size(); i++) {
                    double va = samplesA.get(ids.get(i)).get(metric);
                    double vb = samplesB.get(ids.get(i)).get(metric);
                    sumA += va;
                    sumB += vb;
                    diff[i] = vb - va;
                }
                PairedBootstrap.Interval ci = PairedBootstrap.interval(diff, seed, resamples);
                double meanA = sumA / ids.size();
                double meanB = sumB / ids.size();
                deltas.add(new MetricDelta(cell, metric, ids.size(), meanA, meanB, meanB - meanA, ci.lower(), ci.upper()));
            }
        }
        return new CampaignComparison(campaignA, campaignB, seed, resamples, cells, deltas);
    }

    /** cell key -> sample id -> metric -> mean over the sample's scored trials, in row order. */
    private static Map<String, Map<String, Map<String, Double>>> perSample(List<SampleRow> rows) {
        Map<String, Map<String, Map<String, List<Double>>>> values = new LinkedHashMap<>();
        for (SampleRow r : rows) {
            if (!r.status().equals("scored")) {
                continue;
            }
            Map<String, List<Double>> sample = values.computeIfAbsent(r.cellKey(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(r.sampleId(), k -> new LinkedHashMap<>());
            r.scores().forEach((metric, v) -> sample.computeIfAbsent(metric, k -> new ArrayList<>()).add(v));
        }
        Map<String, Map<String, Map<String, Double>>> means = new LinkedHashMap<>();
        values.forEach((cell, samples) -> {
            Map<String, Map<String, Double>> m = new LinkedHashMap<>();
            samples.forEach((id, metrics) -> {
                Map<String, Double> mm = new LinkedHashMap<>();
                metrics.forEach((metric, vs) -> mm.put(metric, vs.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
                m.put(id, mm);
            });
            means.put(cell, m);
        });
        return means;
    }
}
