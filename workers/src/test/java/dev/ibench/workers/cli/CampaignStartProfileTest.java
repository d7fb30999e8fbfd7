package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.TemplateFamilies;
import dev.ibench.testing.FreePorts;
import dev.ibench.workers.campaign.StoreSetting;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign start} resolves every model's profile as the workers will, with no server running: an unknown
 * profile, template family, parser, template or provider is refused naming the model and the problem; a campaign that
 * passes prints its planned item count (and a warning for a very large one) before it contacts Temporal.
 */
class CampaignStartProfileTest {
    private static final String SAMPLES = """
            [{"sample_id": "s1", "dataset_name": "superhero", "input": "How many heroes are there?", "output": [],
              "tools": [{"name": "filter_data", "description": "filter", "parameters": {}}],
              "initialization_step": {"database_path": "x.sqlite"}},
             {"sample_id": "s2", "dataset_name": "superhero", "input": "Which hero is tallest?", "output": [],
              "tools": [{"name": "filter_data", "description": "filter", "parameters": {}}],
              "initialization_step": {"database_path": "x.sqlite"}}]
            """;

    @TempDir Path dir;

    @BeforeEach
    void isolated() throws Exception {
        System.setProperty(StoreSetting.PROPERTY, dir.resolve("store/results.db").toString());
        System.setProperty("ibench.home", dir.toString());
        Files.writeString(dir.resolve("set.json"), SAMPLES);
        Files.createDirectories(dir.resolve("profiles"));
    }

    @AfterEach
    void clear() {
        System.clearProperty(StoreSetting.PROPERTY);
        System.clearProperty("ibench.home");
    }

    private void profile(String name, String body) throws Exception {
        Files.writeString(dir.resolve("profiles/" + name + ".yaml"), "name: " + name + "\n" + body);
    }

    private CliRun start(String profile, String more) throws Exception {
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, "name: v\nmodels: [{name: m, profile: " + profile + "}]\nbenchmarks: [{name: b, eval_set: set.json}]\n" + more);
        return CliRun.capturing("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next());
    }

    private static void assertRefused(CliRun r, String... expected) {
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("models[0] (m)").contains(expected).doesNotContain("no Temporal server").doesNotContain("planned:");
    }

    @Test
    void anUnknownFamilyIsRefusedWithTheKnownOnes() throws Exception {
        profile("typo", "provider: openai\nbase_url: http://127.0.0.1:9/v1\nmodel: q\nfamily: qwen3x\n");
        CliRun r = start("typo", "");
        assertRefused(r, "unknown template family 'qwen3x'", "qwen2.5", "llama3");
        assertThat(dir.resolve("store")).doesNotExist();
    }

    @Test
    void theKnownFamiliesAreTheBundledTemplates() {
        assertThat(TemplateFamilies.bundled()).contains("llama3", "qwen2.5", "granite3.1", "gpt-4o", "hammer")
                .doesNotContain("react", "sql", "qwen3x");
    }

    @Test
    void anUnknownProfileIsRefusedWithTheKnownOnes() throws Exception {
        assertRefused(start("llama-3.1-typo", ""), "unknown model profile 'llama-3.1-typo'", "oracle");
    }

    @Test
    void anUnknownParserIsRefused() throws Exception {
        profile("p", "provider: openai\nbase_url: http://127.0.0.1:9/v1\nmodel: q\nfamily: llama3\nparser: [jsno]\n");
        assertRefused(start("p", ""), "unknown parser stage 'jsno'");
    }

    @Test
    void aTemplateThatExistsNowhereIsRefused() throws Exception {
        profile("t", "provider: openai\nbase_url: http://127.0.0.1:9/v1\nmodel: q\nfamily: llama3\ntemplates: {slot: " + dir.resolve("nope.txt") + "}\n");
        assertRefused(start("t", ""), "nope.txt", "neither a file nor a bundled resource");
    }

    @Test
    void aFamilyWithoutATemplateForTheCellsStyleIsRefused() throws Exception {
        // gpt-4o-inline has slot-sel, nestful and bfcl templates but no rest one
        profile("inline", "provider: openai\nbase_url: http://127.0.0.1:9/v1\nmodel: q\nfamily: gpt-4o-inline\n");
        assertThat(start("inline", "").err()).contains("planned: 2 item(s)");
        Files.writeString(dir.resolve("set.json"), """
                [{"sample_id": "r1", "dataset_name": "superhero", "input": "How many heroes are there?", "output": [],
                  "tools": [{"name": "get_heroes", "description": "GET /heroes", "parameters": {}}]}]
                """);
        assertRefused(start("inline", ""), "no REST prompt template for family 'gpt-4o-inline'");
    }

    @Test
    void aBatchedModelWithoutAnOpenAiEndpointIsRefusedBeforeAnythingRuns() throws Exception {
        Path file = dir.resolve("campaign.yaml");
        Files.writeString(file, "name: v\nmodels: [{name: m, profile: smollm2, batch: true}]\nbenchmarks: [{name: b, eval_set: set.json}]\n");
        CliRun r = CliRun.capturing("campaign", "start", file.toString(), "--address", "127.0.0.1:" + FreePorts.next());
        assertRefused(r, "batch: true needs an OpenAI-compatible endpoint", "has provider gguf");
        assertThat(dir.resolve("store")).doesNotExist();
    }

    @Test
    void aNativeReactAgentOnTheInProcessGgufModelIsRefusedBeforeAnythingRuns() throws Exception {
        CliRun r = start("smollm2", "modes: [react]\nreact: {agent: native}\n");
        assertRefused(r, "react agent native sends native tools, which the gguf provider cannot take (profile smollm2)");
        assertThat(dir.resolve("store")).doesNotExist();
        assertThat(start("smollm2", "modes: [react]\nreact: {agent: text}\n").err()).as("the text agent still starts")
                .doesNotContain("react agent native");
    }

    @Test
    void anUnknownProviderIsRefused() throws Exception {
        profile("prov", "provider: antropic\nbase_url: http://127.0.0.1:9/v1\nmodel: q\nfamily: llama3\n");
        CliRun r = start("prov", "");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("'provider' must be one of").contains("antropic").doesNotContain("no Temporal server");
    }

    @Test
    void credentialsInAProfilesBaseUrlAreRefused() throws Exception {
        profile("leaky", "provider: openai\nbase_url: https://api.example.com/v1?api_key=sk-LEAK\nmodel: q\nfamily: llama3\n");
        CliRun r = start("leaky", "");
        assertRefused(r, "carries a credential in its query (api_key)");
        assertThat(r.err()).doesNotContain("sk-LEAK");
    }

    @Test
    void thePlannedItemCountIsPrintedBeforeStartingAndAHugeOneIsFlagged() throws Exception {
        CliRun small = start("oracle", "trials: 3\n");
        assertThat(small.err()).contains("planned: 6 item(s) in 1 cell(s)").doesNotContain("WARNING: ");
        CliRun huge = start("oracle", "trials: 1000000\n");
        assertThat(huge.err()).contains("planned: 2,000,000 item(s)").contains("WARNING: 2,000,000 items is a very large campaign");
        assertThat(huge.exit()).isNotZero(); // nothing listens at the Temporal address
    }
}
