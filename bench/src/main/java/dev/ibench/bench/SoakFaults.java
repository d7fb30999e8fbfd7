package dev.ibench.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The soak's fault driver: on a fixed schedule from the soak's start, a worker SIGKILL (and restart) at half an interval
 * and then every {@code killEverySeconds}, a dev-server SIGKILL and restart every {@code serverEverySeconds}, and a
 * restart of the store's PostgreSQL at three quarters of an interval and then every {@code pgEverySeconds}; each fault
 * as it was done (kind, when, when back, or why it failed), one at a time on its own thread.
 */
final class SoakFaults {
    static final String WORKER_KILL = "worker-sigkill";
    static final String SERVER_RESTART = "dev-server-sigkill-restart";
    static final String STORE_RESTART = "store-postgres-restart";

    /** Does one fault; what it did goes into the map (which holds {@code kind}, {@code n}: the fault's number of its kind). */
    interface Injector {
        void inject(String kind, Map<String, Object> fault) throws Exception;
    }

    record Planned(double atSeconds, String kind, int n) {}

    private final List<Planned> schedule;
    private final long t0;
    private final Injector injector;
    private final List<Map<String, Object>> done = Collections.synchronizedList(new ArrayList<>());
    private final Object lock = new Object();
    private volatile boolean running;
    private Thread thread;

    SoakFaults(SoakSettings settings, long t0Nanos, Injector injector) {
        this.schedule = schedule(settings.minutes() * 60.0, settings.killEverySeconds(), settings.serverEverySeconds(), settings.pgEverySeconds());
        this.t0 = t0Nanos;
        this.injector = injector;
    }

    /** The faults due before {@code seconds}, in time order. */
    static List<Planned> schedule(double seconds, int killEvery, int serverEvery, int pgEvery) {
        List<Planned> all = new ArrayList<>();
        add(all, WORKER_KILL, killEvery / 2.0, killEvery, seconds);
        add(all, SERVER_RESTART, serverEvery, serverEvery, seconds);
        add(all, STORE_RESTART, pgEvery * 0.75, pgEvery, seconds);
        all.sort((a, b) -> Double.compare(a.atSeconds(), b.atSeconds()));
        return all;
    }

    private static void add(List<Planned> all, String kind, double first, int every, double until) {
        int n = 0;
        for (double at = first; at < until; at += every) {
            all.add(new Planned(at, kind, n++));
        }
    }

    void start() {
        running = true;
        thread = new Thread(() -> {
            for (Planned p : schedule) {
                if (!awaitDue(p)) {
                    return;
                }
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("kind", p.kind());
                f.put("n", p.n());
                f.put("at_seconds", seconds());
                try {
                    injector.inject(p.kind(), f);
                } catch (Exception e) {
                    f.put("failed", e.toString());
                }
                f.put("back_at_seconds", seconds());
                done.add(f);
                System.out.println("soak fault " + f);
            }
        }, "soak-faults");
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits until {@code p} is due; false when stopped first. */
    private boolean awaitDue(Planned p) {
        synchronized (lock) {
            while (running) {
                long wait = (t0 + (long) (p.atSeconds() * 1e9) - System.nanoTime()) / 1_000_000;
                if (wait <= 0) {
                    return true;
                }
                try {
                    lock.wait(wait);
                } catch (InterruptedException e) {
                    return false;
                }
            }
            return false;
        }
    }

    /** Lets a fault under way finish (a killed worker is started again), then stops; faults not yet due are not done. */
    void stop() throws InterruptedException {
        synchronized (lock) {
            running = false;
            lock.notifyAll();
        }
        thread.join(600_000);
    }

    List<Map<String, Object>> done() {
        synchronized (done) {
            return new ArrayList<>(done);
        }
    }

    Map<String, Integer> perKind() {
        Map<String, Integer> m = new TreeMap<>();
        done().forEach(f -> m.merge(String.valueOf(f.get("kind")), 1, Integer::sum));
        return m;
    }

    private double seconds() {
        return Math.round((System.nanoTime() - t0) / 1e7) / 100.0;
    }
}
