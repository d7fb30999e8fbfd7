package dev.ibench.activities.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell's search-key variable is its own benchmark's {@code api_key_env} in the stored campaign spec, else none. */
class CampaignSearchKeysTest {
    @TempDir Path dir;

    @Test
    void eachCellGetsTheVariableItsBenchmarkNames() {
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c", "c", """
                    {"name": "c", "models": [{"name": "m", "profile": "oracle"}], "modes": ["react"],
                     "benchmarks": [{"name": "ws", "eval_set": "sha256:aa", "api_key_env": "TEAM_SERPAPI_KEY"},
                                    {"name": "mt", "eval_set": "sha256:bb"}]}""");
            CampaignSearchKeys keys = new CampaignSearchKeys(store);
            assertThat(keys.apply(cell("c", "ws"))).isEqualTo("TEAM_SERPAPI_KEY");
            assertThat(keys.apply(cell("c", "mt"))).as("a benchmark naming none: the worker's setting").isNull();
            assertThat(keys.apply(cell("unknown", "ws"))).as("a campaign not in the store").isNull();
        }
    }

    private static CellRecord cell(String campaign, String benchmark) {
        return new CellRecord(campaign + "/m/" + benchmark + "/react", campaign, "m", benchmark, "react", "none", "sha256:aa", 1);
    }
}
