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
 * {@link #ofCells} compares two cells of one campaign (two models on a benchmark, say) the same way; {@code campaignA}
 * and {@code campaignB} then hold the two cell ids and {@code subject} is {@link #CELLS}.
 */
public record CampaignComparison(String subject, String campaignA, String campaignB, long seed, int resamples, List<CellPairing> cells,
                                 List<MetricDelta> deltas) {
    public static final String CAMPAIGNS = "campaigns";
    public static final String CELLS = "cells";

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
            pair(cell, byCellA.getOrDefault(cell, Map.of()), byCellB.getOrDefault(cell, Map.of()), seed, resamples, cells, deltas);
        }
        return new CampaignComparison(CAMPAIGNS, campaignA, campaignB, seed, resamples, cells, deltas);
    }

    /**
     * The same comparison from the two campaigns' spooled rows, read back one cell at a time: memory holds one cell's
     * per-sample means of each campaign, never a campaign's rows (docs/reports.md#memory-and-progress).
     */
    public static CampaignComparison of(String campaignA, CellScoresSpool a, String campaignB, CellScoresSpool b, long seed, int resamples) {
        List<CellPairing> cells = new ArrayList<>();
        List<MetricDelta> deltas = new ArrayList<>();
        Set<String> cellKeys = new LinkedHashSet<>(a.cellKeys());
        cellKeys.addAll(b.cellKeys());
        for (String cell : cellKeys) {
            pair(cell, means(a.rows(cell)), means(b.rows(cell)), seed, resamples, cells, deltas);
        }
        return new CampaignComparison(CAMPAIGNS, campaignA, campaignB, seed, resamples, cells, deltas);
    }

    /**
     * Cell {@code cellB} minus cell {@code cellA} (cell ids) of one campaign's {@code rows}, paired by sample id: one
     * pairing, labelled {@code <A's coordinates> vs <B's coordinates>}.
     */
    public static CampaignComparison ofCells(List<SampleRow> rows, String cellA, String cellB, long seed, int resamples) {
        requireTwoCells(cellA, cellB);
        Map<String, Map<String, Map<String, Double>>> a = perSample(rows.stream().filter(r -> r.cellId().equals(cellA)).toList());
        Map<String, Map<String, Map<String, Double>>> b = perSample(rows.stream().filter(r -> r.cellId().equals(cellB)).toList());
        String label = label(rows, cellA) + " vs " + label(rows, cellB);
        List<CellPairing> cells = new ArrayList<>();
        List<MetricDelta> deltas = new ArrayList<>();
        pair(label, a.values().stream().findFirst().orElse(Map.of()), b.values().stream().findFirst().orElse(Map.of()), seed, resamples,
                cells, deltas);
        return new CampaignComparison(CELLS, cellA, cellB, seed, resamples, cells, deltas);
    }

    /** Refuses the same cell twice (an {@link IllegalArgumentException} naming it). */
    public static void requireTwoCells(String cellA, String cellB) {
        if (cellA.equals(cellB)) {
            throw new IllegalArgumentException("--cells: give two different cells, got " + cellA + " twice");
        }
    }

    /**
     * The cell id of {@code given} among {@code cellIds} of campaign {@code campaignId}: the id itself, or the id
     * without its leading {@code <campaignId>/} ({@code model/benchmark/mode[/ablation]}).
     */
    public static String resolveCell(String campaignId, List<String> cellIds, String given) {
        if (cellIds.isEmpty()) {
            throw new IllegalArgumentException("--cells: campaign " + campaignId + " has no cells in the results store");
        }
        String full = given.startsWith(campaignId + "/") ? given : campaignId + "/" + given;
        if (!cellIds.contains(full)) {
            throw new IllegalArgumentException("--cells: campaign " + campaignId + " has no cell '" + given + "'; its cells: "
                    + String.join(", ", cellIds.stream().map(id -> id.substring(campaignId.length() + 1)).toList()));
        }
        return full;
    }

    private static String label(List<SampleRow> rows, String cellId) {
        return rows.stream().filter(r -> r.cellId().equals(cellId)).findFirst().map(SampleRow::cellKey).orElse(cellId);
    }

    /** Pairs one cell's samples of A and B and adds its pairing and metric deltas. */
    private static void pair(String cell, Map<String, Map<String, Double>> samplesA, Map<String, Map<String, Double>> samplesB,
                             long seed, int resamples, List<CellPairing> cells, List<MetricDelta> deltas) {
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

    /** cell key -> sample id -> metric -> mean over the sample's scored trials, in row order. */
    private static Map<String, Map<String, Map<String, Double>>> perSample(List<SampleRow> rows) {
        Map<String, List<Map.Entry<String, Map<String, Double>>>> byCell = new LinkedHashMap<>();
        for (SampleRow r : rows) {
            if (r.status().equals("scored")) {
                byCell.computeIfAbsent(r.cellKey(), k -> new ArrayList<>()).add(Map.entry(r.sampleId(), r.scores()));
            }
        }
        Map<String, Map<String, Map<String, Double>>> means = new LinkedHashMap<>();
        byCell.forEach((cell, cellRows) -> means.put(cell, means(cellRows)));
        return means;
    }

    /** One cell's scored rows (sample id, scores) -> sample id -> metric -> mean over the sample's trials, in row order. */
    private static Map<String, Map<String, Double>> means(List<Map.Entry<String, Map<String, Double>>> rows) {
        Map<String, Map<String, List<Double>>> values = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Double>> r : rows) {
            Map<String, List<Double>> sample = values.computeIfAbsent(r.getKey(), k -> new LinkedHashMap<>());
            r.getValue().forEach((metric, v) -> sample.computeIfAbsent(metric, k -> new ArrayList<>()).add(v));
        }
        Map<String, Map<String, Double>> m = new LinkedHashMap<>();
        values.forEach((id, metrics) -> {
            Map<String, Double> mm = new LinkedHashMap<>();
            metrics.forEach((metric, vs) -> mm.put(metric, vs.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
            m.put(id, mm);
        });
        return m;
    }
}
