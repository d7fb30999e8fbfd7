package dev.ibench.workers.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the store- and network-fault ITs share: a campaign of the synthetic SLOT set on a fake loopback endpoint, run
 * once undisturbed and once with a fault alongside, and the SQL that compares the two runs' rows.
 */
public final class FaultCampaigns {
    private FaultCampaigns() {}

    /** What a test does while the campaign runs (cut a link, stop a database, fill a disk). */
    @FunctionalInterface
    public interface Fault {
        void run() throws Exception;
    }

    /** A campaign file's model line for {@code endpoint}, allowed {@code window} concurrent requests. */
    public static String model(String name, FakeOpenAiEndpoint endpoint, int window) {
        return "  - {name: fake-" + name + ", profile: vllm-qwen2.5-7b, endpoint: \"" + endpoint.baseUrl() + "\", model: fake, concurrency: "
                + window + "}";
    }

    /** {@code dir/name.yaml}: the models on the synthetic SLOT set ({@code synthetic_slot.json} in {@code dir}). */
    public static Path campaignFile(Path dir, String name, List<String> models, int trials, int window) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, "name: " + name + "\nmodels:\n" + String.join("\n", models) + "\n" + """
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                trials: %d
                samples_in_flight: %d
                """.formatted(trials, window));
        return file;
    }

    /** Runs the campaign of {@code file} to its end ({@code campaign start --wait} must exit 0 within 4 minutes), with {@code fault} alongside. */
    public static void run(Path dir, DevServerProcess server, Map<String, String> env, Path file, String id, Fault fault) throws Exception {
        try (CliProcess start = CliProcess.start(List.of("campaign", "start", file.toString(), "--id", id, "--wait",
                "--address", server.address()), "started campaign", dir.resolve("start-" + id + ".log"), env)) {
            fault.run();
            assertThat(start.waitForExit(Duration.ofMinutes(4))).as(start.output()).isZero();
        }
    }

    /** The rows of {@code sql}, each as its columns joined by {@code " | "}. */
    public static List<String> rows(Statement s, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.append(i > 1 ? " | " : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** Score JSON per item ({@code sample/trial}) of a campaign's scored items. */
    public static Map<String, String> scores(Statement s, String campaignId) throws SQLException {
        Map<String, String> scores = new TreeMap<>();
        try (ResultSet rs = s.executeQuery("SELECT sample_id, trial, score_json FROM sample_results WHERE status = 'scored' AND cell_id LIKE '"
                + campaignId + "/%'")) {
            while (rs.next()) {
                scores.put(rs.getString(1) + "/" + rs.getInt(2), rs.getString(3));
            }
        }
        return scores;
    }

    /** The single number {@code sql} selects. */
    public static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
