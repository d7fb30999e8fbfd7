package dev.ibench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One look at a running process from outside (Linux {@code /proc}): its threads, open file descriptors, resident set,
 * its descendant processes by kind (Python interpreters, llama-server, others) and, for a JVM, its live heap: the bytes
 * {@code jcmd PID GC.class_histogram} counts, which it measures right after a full collection (so garbage is not counted).
 */
final class ProcessProbe {
    private static final Pattern HISTOGRAM_TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)\\s*$");

    private ProcessProbe() {}

    /** What {@link #look} saw; {@code liveHeapMb} is NaN when not asked or not readable, every figure -1 when the process is gone. */
    record Look(int threads, int fds, double rssMb, int pythons, int llamaServers, int otherChildren, double liveHeapMb) {
        static final Look GONE = new Look(-1, -1, -1, -1, -1, -1, Double.NaN);

        boolean gone() {
            return threads < 0;
        }

        Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("threads", threads);
            m.put("fds", fds);
            m.put("rss_mb", round(rssMb));
            m.put("python_children", pythons);
            m.put("llama_server_children", llamaServers);
            m.put("other_children", otherChildren);
            if (!Double.isNaN(liveHeapMb)) {
                m.put("live_heap_mb", round(liveHeapMb));
            }
            return m;
        }
    }

    /** Looks at {@code pid}; {@code jvm}: also measure the live heap with jcmd. */
    static Look look(long pid, boolean jvm) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            String status = Files.readString(proc.resolve("status"));
            int threads = (int) field(status, "Threads");
            double rssMb = field(status, "VmRSS") / 1024.0;
            int fds;
            try (Stream<Path> s = Files.list(proc.resolve("fd"))) {
                fds = (int) s.count();
            }
            int[] kinds = new int[3];
            ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> kinds[kind(d)]++));
            double heap = jvm ? liveHeapMb(pid) : Double.NaN;
            return new Look(threads, fds, rssMb, kinds[0], kinds[1], kinds[2], heap);
        } catch (IOException | RuntimeException gone) {
            return Look.GONE;
        }
    }

    /** 0 a Python interpreter, 1 llama-server, 2 anything else (by the executable's name). */
    static int kind(ProcessHandle process) {
        String command = process.info().command().orElse("");
        String name = command.substring(command.lastIndexOf('/') + 1);
        if (name.startsWith("python")) {
            return 0;
        }
        return name.startsWith("llama-server") ? 1 : 2;
    }

    private static long field(String status, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + ":\\s+(\\d+)").matcher(status);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /** The live heap of JVM {@code pid} in MB (a full collection first), NaN when jcmd cannot tell. */
    static double liveHeapMb(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(List.of(jcmd.toString(), Long.toString(pid), "GC.class_histogram"))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return Double.NaN;
            }
            return histogramTotalMb(out);
        } catch (IOException e) {
            return Double.NaN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        }
    }

    /** The bytes on the histogram's {@code Total} line, in MB; NaN when there is none. */
    static double histogramTotalMb(String histogram) {
        Matcher m = HISTOGRAM_TOTAL.matcher(histogram);
        return m.find() ? Long.parseLong(m.group(1)) / 1048576.0 : Double.NaN;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
