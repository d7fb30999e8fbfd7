package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.mcp.McpToolEnvironment;
import dev.ibench.activities.react.ReactToolEnvironment.ActionObservation;
import dev.ibench.activities.react.TrajectoryId;
import dev.ibench.core.campaign.McpServerEntry;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.SuperheroEvalSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP ReACT backend keeps each trajectory's session in its pooled connection: with ibench's own MCP server
 * (streamable HTTP, in this JVM) counting the benchmark tool calls it receives, three SEL gold trajectories run step by
 * step, interleaved, reach the server with each action exactly once (before, every step replayed the trajectory's earlier
 * actions: 1 + 2 + ... + n calls per trajectory), and observe exactly what the replaying path observes. After a worker
 * restart (a new environment, the old one closed) the next step replays the earlier actions on a fresh session and
 * observes the same text.
 */
class McpTrajectorySessionTest {
    @TempDir Path dir;

    @Test
    void eachActionReachesTheServerOnceAndALostSessionIsReplayed() throws Exception {
        Path sel = SuperheroEvalSets.sel();
        List<EvalSample> all = EvalSetReader.read(sel);
        List<EvalSample> samples = all.stream().filter(s -> s.output().size() >= 3).limit(3).toList();
        assertThat(samples).hasSize(3);
        try (McpToolServer server = McpToolServer.http(sel, SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT, null, "127.0.0.1", 0,
                dir.resolve("tomcat"))) {
            McpServerEntry entry = new McpServerEntry(null, "http://127.0.0.1:" + server.port() + McpToolServer.ENDPOINT);

            // what the replaying path (no trajectory named) observes at each step
            Map<String, List<String>> replayed = new LinkedHashMap<>();
            try (McpToolEnvironment replaying = new McpToolEnvironment(entry)) {
                for (EvalSample sample : samples) {
                    List<String> seen = new ArrayList<>();
                    for (int k = 0; k < sample.output().size(); k++) {
                        seen.add(replaying.act(sample, sample.output().subList(0, k), sample.output().get(k)).text());
                    }
                    replayed.put(sample.sampleId(), seen);
                }
            }

            long before = server.toolCalls();
            int actions = samples.stream().mapToInt(s -> s.output().size()).sum();
            int longest = samples.stream().mapToInt(s -> s.output().size()).max().orElseThrow();
            Map<String, List<String>> kept = new LinkedHashMap<>();
            try (McpToolEnvironment environment = new McpToolEnvironment(entry)) {
                for (EvalSample sample : samples) {
                    environment.open(trajectory(sample), sample);
                    kept.put(sample.sampleId(), new ArrayList<>());
                }
                for (int k = 0; k < longest; k++) { // step k of every trajectory in turn, as a window of trajectories runs
                    for (EvalSample sample : samples) {
                        List<ToolCall> gold = sample.output();
                        if (k < gold.size()) {
                            kept.get(sample.sampleId()).add(environment.act(trajectory(sample), sample, gold.subList(0, k), gold.get(k)).text());
                        }
                    }
                }
            }
            assertThat(server.toolCalls() - before).as("each of the %d actions executed once", actions).isEqualTo(actions);
            assertThat(kept).isEqualTo(replayed);

            // a worker restart loses the sessions: the next step replays its earlier actions and observes the same
            EvalSample sample = samples.get(0);
            List<ToolCall> gold = sample.output();
            try (McpToolEnvironment first = new McpToolEnvironment(entry)) {
                first.open(trajectory(sample), sample);
                first.act(trajectory(sample), sample, List.of(), gold.get(0));
                first.act(trajectory(sample), sample, gold.subList(0, 1), gold.get(1));
            }
            long atRestart = server.toolCalls();
            try (McpToolEnvironment restarted = new McpToolEnvironment(entry)) {
                ActionObservation third = restarted.act(trajectory(sample), sample, gold.subList(0, 2), gold.get(2));
                assertThat(third.text()).isEqualTo(replayed.get(sample.sampleId()).get(2));
                assertThat(server.toolCalls() - atRestart).as("two earlier actions replayed, then the new one").isEqualTo(3);
            }
        }
    }

    private static TrajectoryId trajectory(EvalSample sample) {
        return new TrajectoryId("c/oracle/superhero/react", sample.sampleId(), 0);
    }
}
