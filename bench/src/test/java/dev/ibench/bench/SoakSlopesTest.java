package dev.ibench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The soak's flatness rule and fault schedule, on values worked out by hand. */
class SoakSlopesTest {
    private static List<SoakSlopes.Sample> series(double... hoursAndValues) {
        java.util.ArrayList<SoakSlopes.Sample> s = new java.util.ArrayList<>();
        for (int i = 0; i < hoursAndValues.length; i += 2) {
            s.add(new SoakSlopes.Sample(hoursAndValues[i], hoursAndValues[i + 1]));
        }
        return s;
    }

    // 100 + 30 h at 0, 0.5, ..., 2.5 h; the warm-up (0.25 h) drops the first: 115, 130, 145, 160, 175 over 0.5-2.5 h
    private static final List<SoakSlopes.Sample> GROWING = series(0, 100, 0.5, 115, 1.0, 130, 1.5, 145, 2.0, 160, 2.5, 175);

    @Test
    void aSteadyGrowthAboveTheLimitIsNotFlat() {
        Map<String, Object> v = SoakSlopes.judge(GROWING, 0.25, 20, "MB");
        assertThat(v.get("samples_after_warmup")).isEqualTo(5);
        assertThat(v.get("slope_per_hour")).isEqualTo(30.0);
        assertThat(v.get("first_fifth_median")).isEqualTo(115.0);
        assertThat(v.get("last_fifth_median")).isEqualTo(175.0);
        assertThat(v.get("slope_within_limit")).isEqualTo(false);
        assertThat(v.get("flat")).isEqualTo(false);
    }

    @Test
    void aSlopeWithinTheLimitStillFailsWhenTheEndIsAboveTheBaselinePlusOneHoursAllowance() {
        // slope 30 <= 40, but 175 > 115 + 40
        Map<String, Object> v = SoakSlopes.judge(GROWING, 0.25, 40, "MB");
        assertThat(v.get("slope_within_limit")).isEqualTo(true);
        assertThat(v.get("last_fifth_within_first_fifth_plus_limit")).isEqualTo(false);
        assertThat(v.get("flat")).isEqualTo(false);
        // 175 <= 115 + 60
        assertThat(SoakSlopes.judge(GROWING, 0.25, 60, "MB").get("flat")).isEqualTo(true);
    }

    @Test
    void aSawtoothBackToItsBaselineAfterEachRestartIsFlat() {
        // 50, 80, 50, 80, 50 at 0.5-2.5 h: mean hour 1.5, mean 62; sum dx*dy = 12 - 9 + 0 + 9 - 12 = 0
        Map<String, Object> v = SoakSlopes.judge(series(0.5, 50, 1.0, 80, 1.5, 50, 2.0, 80, 2.5, 50), 0, 1, "threads");
        assertThat(v.get("slope_per_hour")).isEqualTo(0.0);
        assertThat(v.get("flat")).isEqualTo(true);
    }

    @Test
    void aFallingMetricIsFlatAndUnknownSamplesAreLeftOut() {
        // NaN rows (a worker being restarted) are skipped: 40, 30, 20, 10, 0 at 1-5 h, slope -10
        Map<String, Object> v = SoakSlopes.judge(series(1, 40, 1.5, Double.NaN, 2, 30, 3, 20, 4, 10, 5, 0), 0, 0.5, "fds");
        assertThat(v.get("samples_after_warmup")).isEqualTo(5);
        assertThat(v.get("slope_per_hour")).isEqualTo(-10.0);
        assertThat(v.get("flat")).isEqualTo(true);
    }

    @Test
    void fewerThanFiveSamplesAreNotJudgedFlat() {
        Map<String, Object> v = SoakSlopes.judge(series(1, 1, 2, 1, 3, 1, 4, 1), 0, 10, "processes");
        assertThat(v.get("flat")).isEqualTo(false);
        assertThat(v.get("why")).isEqualTo("fewer than 5 samples after the warm-up");
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(SoakSlopes.median(series(0, 1, 0, 3, 0, 2, 0, 10))).isEqualTo(2.5);
    }

    @Test
    void theScheduleHasEveryKindOfFaultAtItsOffsets() {
        // 6 minutes, worker every 120 s from 60 s, server every 120 s from 120 s, PostgreSQL every 240 s from 180 s
        assertThat(SoakFaults.schedule(360, 120, 120, 240).stream().map(p -> (int) p.atSeconds() + " " + p.kind()).toList())
                .containsExactly("60 worker-sigkill", "120 dev-server-sigkill-restart", "180 worker-sigkill", "180 store-postgres-restart",
                        "240 dev-server-sigkill-restart", "300 worker-sigkill");
        // two hours at the defaults: 6 worker kills (10, 30, ..., 110 min), 5 server restarts (20-100 min), 2 PostgreSQL (45, 105 min)
        List<SoakFaults.Planned> twoHours = SoakFaults.schedule(7200, 1200, 1200, 3600);
        assertThat(twoHours.stream().filter(p -> p.kind().equals(SoakFaults.WORKER_KILL)).map(p -> (int) p.atSeconds()))
                .containsExactly(600, 1800, 3000, 4200, 5400, 6600);
        assertThat(twoHours.stream().filter(p -> p.kind().equals(SoakFaults.SERVER_RESTART)).count()).isEqualTo(5);
        assertThat(twoHours.stream().filter(p -> p.kind().equals(SoakFaults.STORE_RESTART)).map(p -> (int) p.atSeconds()))
                .containsExactly(2700, 6300);
    }

    @Test
    void theWorkersSumIsUnknownWhileOneIsDown() {
        ProcessProbe.Look a = new ProcessProbe.Look(40, 100, 300, 2, 0, 0, 50);
        ProcessProbe.Look b = new ProcessProbe.Look(35, 90, 280, 1, 0, 0, 45);
        SoakSampler.Row both = new SoakSampler.Row(1, List.of(a, b), null, Double.NaN, 0);
        assertThat(SoakMetrics.workers(both, ProcessProbe.Look::threads)).isEqualTo(75);
        assertThat(SoakMetrics.workers(both, ProcessProbe.Look::liveHeapMb)).isEqualTo(95);
        SoakSampler.Row oneGone = new SoakSampler.Row(1, List.of(a, ProcessProbe.Look.GONE), null, Double.NaN, 0);
        assertThat(SoakMetrics.workers(oneGone, ProcessProbe.Look::threads)).isNaN();
    }

    @Test
    void theLiveHeapIsTheHistogramsTotal() {
        String histogram = " num     #instances         #bytes  class name (module)\n"
                + "   1:          1000        1048576  [B (java.base@17)\n"
                + "Total         12345        2097152\n";
        assertThat(ProcessProbe.histogramTotalMb(histogram)).isEqualTo(2.0);
        assertThat(ProcessProbe.histogramTotalMb("no histogram")).isNaN();
    }
}
