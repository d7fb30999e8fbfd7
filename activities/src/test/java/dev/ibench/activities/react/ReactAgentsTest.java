package dev.ibench.activities.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.prompt.ProfileCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A react cell's agent follows its campaign's {@code react: {agent}}: native tool calls, else the seed's text loop. */
class ReactAgentsTest {
    @TempDir Path tmp;

    private ReactAgentModel agentOf(String reactBlock) throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("mock.yaml"), """
                name: mock
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: tools
                api: chat
                max_tokens: 64
                """);
        Path dir = Files.createTempDirectory(tmp, "run");
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.db"));
             ResponseCache cache = new ResponseCache(dir.resolve("cache.db"))) {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "mock", "profile": "mock"}], "benchmarks": [], "modes": ["react"]%s}
                    """.formatted(reactBlock));
            ModelRunners runners = new ModelRunners(store, new EvalSetCache(), ProfileCatalog.load(profiles), cache, name -> null);
            return new ReactAgents(runners).apply(new CellRecord("c1/mock/b/react", "c1", "mock", "b", "react", "none", "b.json", 1));
        }
    }

    @Test
    void theCampaignsAgentChoosesNativeOrText() throws Exception {
        assertThat(agentOf(", \"react\": {\"agent\": \"native\"}")).isInstanceOf(NativeAgentModel.class);
        assertThat(agentOf(", \"react\": {\"agent\": \"text\"}")).isInstanceOf(GatewayAgentModel.class);
        assertThat(agentOf("")).isInstanceOf(GatewayAgentModel.class);
    }
}
