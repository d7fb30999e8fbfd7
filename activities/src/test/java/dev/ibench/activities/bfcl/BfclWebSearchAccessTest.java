package dev.ibench.activities.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which network and key the runner process of an entry gets. */
class BfclWebSearchAccessTest {
    private static BfclMultiTurnEntry entry(String cls) {
        return new BfclMultiTurnEntry("e_0", "web_search_base", List.of(List.of()), List.of(cls), Map.of(), Map.of(), List.of(List.of()));
    }

    @Test
    void aWebSearchEntryGetsTheKeyFromTheNamedVariableAndLoopbackOnlyForALoopbackEndpoint() {
        BfclWebSearchAccess access = new BfclWebSearchAccess("MY_KEY", "http://127.0.0.1:4567", Map.of("MY_KEY", "k-123"));
        Map<String, String> env = new HashMap<>(Map.of("SERPAPI_API_KEY", "inherited"));
        access.configure(env, entry("WebSearchAPI"));
        assertThat(env).containsEntry("SERPAPI_API_KEY", "k-123").containsEntry("IBENCH_BFCL_NETWORK", "loopback")
                .containsEntry("IBENCH_BFCL_SEARCH_URL", "http://127.0.0.1:4567");
        assertThat(access.toString()).doesNotContain("k-123");
    }

    @Test
    void withoutAnEndpointTheNetworkIsOpenAndOtherEntriesGetNeitherNetworkNorKey() {
        BfclWebSearchAccess access = BfclWebSearchAccess.fromEnvironment(Map.of("SERPAPI_API_KEY", "k-9"));
        assertThat(access.apiKeyEnv()).isEqualTo("SERPAPI_API_KEY");
        Map<String, String> env = new HashMap<>();
        access.configure(env, entry("WebSearchAPI"));
        assertThat(env).containsEntry("IBENCH_BFCL_NETWORK", "open").containsEntry("SERPAPI_API_KEY", "k-9").doesNotContainKey("IBENCH_BFCL_SEARCH_URL");
        Map<String, String> other = new HashMap<>(Map.of("SERPAPI_API_KEY", "k-9"));
        access.configure(other, entry("GorillaFileSystem"));
        assertThat(other).containsEntry("IBENCH_BFCL_NETWORK", "none").doesNotContainKey("SERPAPI_API_KEY");
        assertThat(BfclWebSearchAccess.fromEnvironment(Map.of("IBENCH_BFCL_SEARCH_API_KEY_ENV", "OTHER")).apiKeyEnv()).isEqualTo("OTHER");
        assertThat(BfclWebSearchAccess.isLoopback("http://localhost:1/x")).isTrue();
        assertThat(BfclWebSearchAccess.isLoopback("https://serpapi.com")).isFalse();
    }

    @Test
    void aCampaignsKeyVariableReplacesTheWorkersAndNoneKeepsIt() {
        BfclWebSearchAccess worker = BfclWebSearchAccess.fromEnvironment(Map.of("SERPAPI_API_KEY", "k-worker", "TEAM_KEY", "k-team"));
        Map<String, String> env = new HashMap<>();
        worker.withKeyEnv("TEAM_KEY").configure(env, entry("WebSearchAPI"));
        assertThat(env).containsEntry("SERPAPI_API_KEY", "k-team");
        assertThat(worker.withKeyEnv(null)).isSameAs(worker);
        assertThat(worker.withKeyEnv("UNSET_KEY").hasKey()).isFalse();
    }

    @Test
    void aWebSearchEntryWithoutTheKeyIsRefusedNamingTheVariable() {
        BfclWebSearchAccess access = new BfclWebSearchAccess("MY_KEY", null, Map.of("MY_KEY", " "));
        assertThatThrownBy(() -> access.configure(new HashMap<>(), entry("WebSearchAPI")))
                .hasMessage("web-search entry e_0 needs the SerpAPI key in the environment variable MY_KEY, which is not set on this worker");
    }
}
