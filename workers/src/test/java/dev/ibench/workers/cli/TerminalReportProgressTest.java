package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The report's progress line: on a terminal redrawn in place (carriage return, at most every 500 ms) and cleared at the
 * end; in a log a full line every 30 s, so a short report run by a script prints nothing. Time is a fake clock.
 */
class TerminalReportProgressTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private long now = 1_000_000;

    private void read(TerminalReportProgress p, int items, long msEach) {
        for (int i = 0; i < items; i++) {
            now += msEach;
            p.item();
        }
    }

    @Test
    void onATerminalTheLineIsRedrawnInPlaceAndClearedAtTheEnd() {
        TerminalReportProgress p = new TerminalReportProgress(err, true, () -> now);
        p.started(2);
        p.cellStarted("c/a", 1000);
        read(p, 1000, 2); // 2 s: a line every 256 items once 500 ms passed
        p.cellDone();
        p.cellStarted("c/b", 1000);
        read(p, 512, 2);
        p.finished();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("\r\033[Kreport: cell 1 of 2, 256 of 1,000 items; 256 items read in 0 s")
                .contains("\r\033[Kreport: cell 2 of 2, 280 of 1,000 items; 1,280 items read in 2 s")
                .doesNotContain("\n").endsWith("\r\033[K");
    }

    @Test
    void aComparisonCountsTheCellsOfBothCampaigns() {
        TerminalReportProgress p = new TerminalReportProgress(err, false, () -> now);
        for (String campaign : new String[] {"a", "b"}) {
            p.started(2);
            for (String cell : new String[] {"x", "y"}) {
                p.cellStarted(campaign + "/" + cell, 10_000);
                read(p, 10_000, 1); // 10 s a cell: a line at 30 s, in the second campaign's first cell
                p.cellDone();
            }
            p.finished();
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList())
                .containsExactly("report: cell 3 of 4, 10,000 of 10,000 items; 30,000 items read in 30 s");
    }

    @Test
    void inALogAShortReportPrintsNothingAndALongOneALineEveryThirtySeconds() {
        TerminalReportProgress quick = new TerminalReportProgress(err, false, () -> now);
        quick.started(1);
        quick.cellStarted("c/a", 10_000);
        read(quick, 10_000, 1); // 10 s
        quick.cellDone();
        quick.finished();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();

        TerminalReportProgress slow = new TerminalReportProgress(err, false, () -> now);
        slow.started(1);
        slow.cellStarted("c/a", 100_000);
        read(slow, 100_000, 1); // 100 s: lines near 30, 60 and 90 s
        slow.finished();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out.lines().toList()).hasSize(3).allMatch(l -> l.startsWith("report: cell 1 of 1, "));
        assertThat(out).doesNotContain("\r");
    }
}
