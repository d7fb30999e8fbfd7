package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * ReACT agent error statistics, seed 000 appendix H.1.2: Avg. Loops (mean number of think-act-observe loops),
 * OOB (failed because the loop budget ran out before any final answer: the one definition, used by the per-sample
 * flag and by the report alike), Stuck (failed and made at least 2 identical consecutive calls: same
 * name and same arguments), Unclassified (failed, neither OOB nor Stuck). OOB and Stuck are not exclusive.
 */
public final class ReactStatisticsMetric {
    private ReactStatisticsMetric() {}

    public static boolean isOutOfBudget(ReactTrajectory t) {
        return !t.completed() && !t.answered() && t.loops() >= t.budget();
    }

    public static boolean isStuck(ReactTrajectory t) {
        if (t.completed()) {
            return false;
        }
        List<ToolCall> calls = t.calls();
        for (int i = 1; i < calls.size(); i++) {
            if (CallIdentity.of(calls.get(i)).equals(CallIdentity.of(calls.get(i - 1)))) {
                return true;
            }
        }
        return false;
    }

    public static ReactStatistics summarize(List<ReactTrajectory> trajectories) {
        Tally tally = new Tally();
        trajectories.forEach(tally::add);
        return tally.statistics();
    }

    /** {@link #summarize} kept as running counts while trajectories come one at a time: none is held. */
    public static final class Tally {
        private int n;
        private int completed;
        private int oob;
        private int stuck;
        private int unclassified;
        private long loops;

        public void add(ReactTrajectory t) {
            n++;
            loops += t.loops();
            completed += t.completed() ? 1 : 0;
            boolean o = isOutOfBudget(t);
            boolean s = isStuck(t);
            oob += o ? 1 : 0;
            stuck += s ? 1 : 0;
            unclassified += !t.completed() && !o && !s ? 1 : 0;
        }

        public ReactStatistics statistics() {
            if (n == 0) {
                return new ReactStatistics(0, 0, 0, 0, 0, 0);
            }
            return new ReactStatistics(n, (double) completed / n, (double) loops / n, (double) oob / n, (double) stuck / n,
                    (double) unclassified / n);
        }
    }
}
