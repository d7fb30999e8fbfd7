package dev.ibench.core.report;

import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.score.ScoreReport;
import java.util.ArrayList;
import java.util.List;

/**
 * What the Markdown (and terminal) and HTML reports show of a BFCL format_sensitivity cell beside its metrics: per trial
 * the stats as {@code ibench rescore} prints them ({@link BfclFormatSensitivity#text}); empty for other cells.
 */
public final class FormatSensitivityText {
    private FormatSensitivityText() {}

    /** Per trial: its heading and text. */
    public record Trial(String heading, String text) {}

    public static List<Trial> of(CellReport cell) {
        List<Trial> out = new ArrayList<>();
        for (int t = 0; t < cell.trialReports().size(); t++) {
            ScoreReport trial = cell.trialReports().get(t);
            if (trial.bfcl() == null) {
                continue;
            }
            int number = t + 1;
            trial.bfcl().formatSensitivityStats().ifPresent(stats -> out.add(new Trial("BFCL format sensitivity, trial " + number
                    + " (as bfcl-eval's format_sensitivity_runner reports it; not in the BFCL v4 overall)", BfclFormatSensitivity.text(stats))));
        }
        return out;
    }
}
