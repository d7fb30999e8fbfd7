package dev.ibench.core.report;

import java.util.List;
import java.util.Locale;

/** The denominator columns every summary table shows per cell ({@link CellStanding}), in one order for md and html. */
public final class StandingColumns {
    public static final List<String> HEADERS = List.of("state", "planned", "scored", "rejected", "infra errors", "pending",
            "completion / scored", "completion / planned");
    /** Which of {@link #HEADERS} hold numbers (right-aligned in Markdown). */
    public static final String MARKDOWN_ALIGNMENT = "---|---:|---:|---:|---:|---:|---:|---:|";

    private StandingColumns() {}

    public static List<String> values(CellStanding s) {
        return List.of(s.shown(), String.valueOf(s.planned()), String.valueOf(s.scored()), String.valueOf(s.rejected()),
                String.valueOf(s.infraErrors()), String.valueOf(s.pending()), ratio(s.completionOverScored()),
                ratio(s.completionOverPlanned()));
    }

    /** A share with three decimals; "–" where it is not known. */
    public static String ratio(Double share) {
        return share == null ? "–" : String.format(Locale.ROOT, "%.3f", share);
    }
}
