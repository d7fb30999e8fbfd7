package dev.ibench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.core.json.Json;
import dev.ibench.workers.IbenchHome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A chaos bench's view of its campaigns through the public surface: {@code ibench} commands in child JVMs against one
 * results store ({@code store}: a file path or a JDBC URL, as IBENCH_STORE takes it, with {@code env}, e.g. the store's
 * password) and one Temporal address, each tried again while a server or the store is down; and the items' scores read
 * from the store.
 */
final class CampaignCli {
    private final IbenchHome home;
    private final Path work;
    private final String store;
    private final Map<String, String> env;
    private final String address;
    private final Duration campaignTimeout;
    private final Duration poll;

    CampaignCli(IbenchHome home, Path work, String store, Map<String, String> env, String address, Duration campaignTimeout,
                Duration poll) {
        this.home = home;
        this.work = work;
        this.store = store;
        this.env = env;
        this.address = address;
        this.campaignTimeout = campaignTimeout;
        this.poll = poll;
    }

    /** Runs one ibench command to its end; fails on a non-zero exit. */
    String ibench(String logName, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--address");
        all.add(address);
        ChildJvm.Result r = ChildJvm.run(home, store, env, work.resolve(logName + ".log"), all, campaignTimeout.plusMinutes(5));
        if (r.exitCode() != 0) {
            throw new IllegalStateException("ibench " + String.join(" ", all) + " exited " + r.exitCode() + ":\n" + r.output());
        }
        return r.output();
    }

    /** The campaign's state from {@code ibench campaign status --json}, tried again while a server or store is down. */
    String workflowState(String campaignId) throws Exception {
        List<String> args = List.of("campaign", "status", campaignId, "--json", "--address", address);
        for (int attempt = 0; attempt < 24; attempt++) {
            ChildJvm.Result r = ChildJvm.run(home, store, env, work.resolve("status.log"), args, Duration.ofMinutes(2));
            if (r.exitCode() == 0) {
                String jsonLine = r.output().lines().filter(l -> l.startsWith("{\"status\"")).reduce((x, y) -> y)
                        .orElseThrow(() -> new IllegalStateException("no JSON from ibench campaign status:\n" + r.output()));
                JsonNode json = Json.MAPPER.readTree(jsonLine);
                return json.path("status").path("state").asText();
            }
            Thread.sleep(5_000);
        }
        throw new IllegalStateException("ibench campaign status " + campaignId + " kept failing (see " + work.resolve("status.log") + ")");
    }

    /** Polls the campaign's state every {@code poll} until it is no longer running, planning or paused; that state. */
    String awaitEnd(String campaignId) throws Exception {
        long deadline = System.nanoTime() + campaignTimeout.toNanos();
        while (System.nanoTime() < deadline) {
            String state = workflowState(campaignId);
            if (!"RUNNING".equals(state) && !"PLANNING".equals(state) && !"PAUSED".equals(state)) {
                return state;
            }
            Thread.sleep(poll.toMillis());
        }
        throw new IllegalStateException("campaign " + campaignId + " did not end within " + campaignTimeout);
    }

    /** Per item ({@code model/benchmark/mode/sample/trial}) its status and score JSON; tried again while the store is down. */
    Map<String, String> scores(String campaignId) throws InterruptedException {
        StoreLocation location = StoreLocation.parse(store, "the bench's store");
        for (int attempt = 1; ; attempt++) {
            Map<String, String> byItem = new TreeMap<>();
            try (ResultsDatabase db = ResultsDatabase.open(location, env.get(ResultsDatabase.PASSWORD_VARIABLE))) {
                ResultsStore results = new ResultsStore(db);
                for (CellRecord cell : results.cells(campaignId)) {
                    String cellKey = cell.cellId().substring(campaignId.length() + 1);
                    for (SampleResultRecord r : results.sampleResults(cell.cellId())) {
                        byItem.put(cellKey + "/" + r.sampleId() + "/" + r.trial(), r.status() + " " + r.scoreJson());
                    }
                }
                return byItem;
            } catch (RuntimeException e) {
                if (attempt >= 5) {
                    throw e;
                }
                Thread.sleep(5_000);
            }
        }
    }
}
