package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignSpecLoaderTest {
    @TempDir Path dir;

    private Path write(String yaml) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    @Test
    void loadsAFullSpecAndExpandsItsCells() throws IOException {
        CampaignSpec spec = new CampaignSpecLoader().load(write("""
                name: demo
                models:
                  - {name: oracle, profile: oracle}
                  - {name: smol, profile: smollm2, concurrency: 1}
                benchmarks:
                  - {name: slot, eval_set: out/superhero_slot.json}
                  - {name: sel, eval_set: out/superhero_sel.json}
                samples: {limit: 5, seed: 7}
                trials: 2
                """));
        assertThat(spec.trials()).isEqualTo(2);
        assertThat(spec.modes()).containsExactly("direct");
        List<CellSpec> cells = CellPlan.cells("demo-1", spec);
        assertThat(cells).extracting(CellSpec::cellId).containsExactly(
                "demo-1/oracle/slot/direct", "demo-1/oracle/sel/direct", "demo-1/smol/slot/direct", "demo-1/smol/sel/direct");
    }

    @Test
    void readsReactSettingsAndDefaultsToTheSeedBudget() throws IOException {
        String base = "name: r\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\nmodes: [react]\n";
        CampaignSpec custom = new CampaignSpecLoader().load(write(base + "react: {budget: 4, observation_chars: 300}\n"));
        assertThat(custom.react().budget()).isEqualTo(4);
        assertThat(custom.react().observationChars()).isEqualTo(300);
        assertThat(new CampaignSpecLoader().load(write(base)).react()).isEqualTo(dev.ibench.core.react.ReactSettings.DEFAULT);
        Path bad = write(base + "react: {budget: 0, observation_chars: 300}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(bad)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("budget");
    }

    @Test
    void readsTheReactAgentAndDefaultsToTheTextLoop() throws IOException {
        String base = "name: r\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\nmodes: [react]\n";
        CampaignSpec nativeAgent = new CampaignSpecLoader().load(write(base + "react: {agent: native}\n"));
        assertThat(nativeAgent.react().nativeAgent()).isTrue();
        assertThat(nativeAgent.react().budget()).isEqualTo(10);
        assertThat(new CampaignSpecLoader().load(write(base + "react: {agent: text}\n")).react().nativeAgent()).isFalse();
        assertThat(new CampaignSpecLoader().load(write(base)).react().nativeAgent()).isFalse();
        Path bad = write(base + "react: {agent: tools}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(bad)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("react agent must be text or native, got 'tools'");
    }

    @Test
    void readsTheMultiTurnStepLimitPerTurnAndDefaultsToBfclsOwn() throws IOException {
        String base = "name: r\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\nmodes: [react]\n";
        CampaignSpec custom = new CampaignSpecLoader().load(write(base + "react: {budget: 10, observation_chars: 1000, steps_per_turn: 3}\n"));
        assertThat(custom.react().stepLimitPerTurn()).isEqualTo(3);
        assertThat(new CampaignSpecLoader().load(write(base)).react().stepLimitPerTurn()).isEqualTo(20);
        Path bad = write(base + "react: {budget: 10, observation_chars: 1000, steps_per_turn: 0}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(bad)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining("steps_per_turn");
    }

    @Test
    void readsBudgetsAndPriceOverridesAndRejectsBadOrUnknownBudgetKeys() throws IOException {
        String base = "name: r\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        CampaignSpec spec = new CampaignSpecLoader().load(write(base
                + "models: [{name: m, profile: p, budget: {tokens: 5000}, price_per_million_input: 2.5, price_per_million_output: 10}]\n"
                + "budget: {usd: 1.5, tokens: 100000}\n"));
        assertThat(spec.budget()).isEqualTo(new Budget(1.5, 100000L));
        assertThat(spec.models().get(0).budget()).isEqualTo(new Budget(null, 5000L));
        assertThat(spec.models().get(0).pricePerMillionInput()).isEqualTo(2.5);
        assertThat(spec.models().get(0).pricePerMillionOutput()).isEqualTo(10.0);
        assertThat(new CampaignSpecLoader().load(write(base + "models: [{name: m, profile: p}]\n")).budget()).isNull();

        for (var bad : Map.of(
                "budget: {usd: 0}\n", "budget.usd: must be > 0",
                "budget: {tokens: -1}\n", "budget.tokens: must be > 0",
                "budget: {}\n", "budget: give usd and/or tokens",
                "budget: {dollars: 3}\n", "dollars").entrySet()) {
            Path f = write(base + "models: [{name: m, profile: p}]\n" + bad.getKey());
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).as(bad.getKey()).isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining(bad.getValue());
        }
        Path badModel = write(base + "models: [{name: m, profile: p, budget: {usd: -2}}]\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(badModel)).hasMessageContaining("models[0].budget.usd: must be > 0");
        Path badPrice = write(base + "models: [{name: m, profile: p, price_per_million_output: -1}]\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(badPrice)).hasMessageContaining("models[0].price_per_million_output");
    }

    @Test
    void readsAndChecksTheShareOfRejectedItemsThatStopsACell() throws IOException {
        String base = "name: r\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        assertThat(new CampaignSpecLoader().load(write(base)).maxRejectedShare()).isEqualTo(0.5);
        assertThat(new CampaignSpecLoader().load(write(base + "max_rejected_share: 0.1\n")).maxRejectedShare()).isEqualTo(0.1);
        assertThat(new CampaignSpecLoader().load(write(base + "max_rejected_share: 1\n")).maxRejectedShare()).isEqualTo(1.0);
        for (String bad : List.of("0", "-0.2", "1.5")) {
            Path f = write(base + "max_rejected_share: " + bad + "\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining("max_rejected_share: must be > 0 and <= 1");
        }
    }

    @Test
    void readsAndChecksTheSettledItemsBeforeAStopAndTheSqlQueryDeadline() throws IOException {
        String base = "name: r\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        CampaignSpec defaults = new CampaignSpecLoader().load(write(base));
        assertThat(defaults.minSettledBeforeStop()).isEqualTo(20);
        assertThat(defaults.sqlQueryTimeoutSeconds()).isEqualTo(30);
        CampaignSpec set = new CampaignSpecLoader().load(write(base + "min_settled_before_stop: 1\nsql_query_timeout_seconds: 2\n"));
        assertThat(set.minSettledBeforeStop()).isEqualTo(1);
        assertThat(set.sqlQueryTimeoutSeconds()).isEqualTo(2);
        for (String bad : List.of("0", "-5")) {
            Path f = write(base + "min_settled_before_stop: " + bad + "\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining("min_settled_before_stop: must be >= 1").hasMessageContaining(bad);
        }
        for (String bad : List.of("0", "3601")) {
            Path f = write(base + "sql_query_timeout_seconds: " + bad + "\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining("sql_query_timeout_seconds: must be between 1 and 3600").hasMessageContaining(bad);
        }
    }

    @Test
    void readsAndChecksHowLongAnActivityWaitsForAWorkerBeforeTheCellChecksItsQueue() throws IOException {
        String base = "name: r\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        assertThat(new CampaignSpecLoader().load(write(base)).noWorkerCheckSeconds()).isEqualTo(60);
        assertThat(new CampaignSpecLoader().load(write(base + "no_worker_check_seconds: 5\n")).noWorkerCheckSeconds()).isEqualTo(5);
        for (String bad : List.of("0", "-3", "3601")) {
            Path f = write(base + "no_worker_check_seconds: " + bad + "\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining("no_worker_check_seconds: must be between 1 and 3600").hasMessageContaining(bad);
        }
    }

    @Test
    void aRateThatIsNotPositiveIsRejectedNamingTheModel() throws IOException {
        String base = "name: r\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        assertThat(new CampaignSpecLoader().load(write(base + "models: [{name: m, profile: p, rate_per_second: 0.5}]\n"))
                .models().get(0).ratePerSecond()).isEqualTo(0.5);
        for (String bad : List.of("0", "-1", "20000")) {
            Path f = write(base + "models: [{name: m, profile: p, rate_per_second: " + bad + "}]\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).as(bad).isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining("models[0].rate_per_second: must be > 0");
        }
    }

    @Test
    void aTokensPerMinuteThatIsNotPositiveIsRejectedNamingTheModel() throws IOException {
        String base = "name: r\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        assertThat(new CampaignSpecLoader().load(write(base + "models: [{name: m, profile: p, tokens_per_minute: 30000}]\n"))
                .models().get(0).tokensPerMinute()).isEqualTo(30_000);
        for (String bad : List.of("0", "-5")) {
            Path f = write(base + "models: [{name: m, profile: p, tokens_per_minute: " + bad + "}]\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).as(bad).isInstanceOf(CampaignSpecException.class)
                    .hasMessageContaining("models[0].tokens_per_minute: must be > 0").hasMessageContaining(bad);
        }
    }

    @Test
    void theRemovedOutputKeyIsRefusedSayingWhereResultsGo() throws IOException {
        Path f = write("name: r\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\noutput: out/campaigns\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining(f.toString())
                .hasMessageContaining("output: not a campaign key")
                .hasMessageContaining("campaign report ID --out FILE");
        // a spec stored by a campaign started before the key was removed is still read
        CampaignSpec stored = dev.ibench.core.json.Json.MAPPER.readValue("""
                {"name": "old", "models": [{"name": "m", "profile": "p"}], "benchmarks": [], "output": "out/campaigns"}""",
                CampaignSpec.class);
        assertThat(stored.name()).isEqualTo("old");
    }

    @Test
    void namesTheFileAndFieldOfAProblem() throws IOException {
        Path f = write("""
                name: demo
                models: [{name: m, profile: p}]
                benchmarks: [{name: b, eval_set: x.json}]
                modes: [direct, telepathy]
                """);
        assertThatThrownBy(() -> new CampaignSpecLoader().load(f))
                .isInstanceOf(CampaignSpecException.class)
                .hasMessageContaining(f.toString())
                .hasMessageContaining("telepathy");
        Path typo = write("name: demo\nmodel: []\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(typo)).hasMessageContaining("model");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(dir.resolve("missing.yaml"))).hasMessageContaining("not found");
    }

    @Test
    void sampleSelectionIsDeterministicForASeed() {
        List<String> ids = List.of("a", "b", "c", "d", "e", "f");
        List<String> first = SampleSelector.select(ids, new SampleSelection(3, 42L));
        assertThat(first).hasSize(3).isSubsetOf(ids).doesNotHaveDuplicates();
        assertThat(SampleSelector.select(ids, new SampleSelection(3, 42L))).isEqualTo(first);
        assertThat(SampleSelector.select(ids, SampleSelection.all())).isEqualTo(ids);
    }

    @Test
    void ablationsAndModesThatDoNotRunAreRejectedNamingTheValidOnes() throws IOException {
        String base = "name: a\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        Path unknown = write(base + "ablations: [shuffled]\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(unknown)).hasMessageContaining("unknown ablation 'shuffled'")
                .hasMessageContaining("obfuscated, universe:<percent>").hasMessageContaining("paraphrase, toolkit_expansion");
        for (String written : List.of("paraphrase", "toolkit_expansion")) {
            Path f = write(base + "ablations: ['" + written + "']\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).hasMessageContaining("ablation_settings." + written + ": missing")
                    .hasMessageContaining("needs the model that writes it");
        }
        for (String badShare : List.of("universe:0", "universe:101", "universe:half")) {
            Path f = write(base + "ablations: ['" + badShare + "']\n");
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).hasMessageContaining(badShare);
        }
        CampaignSpec ablated = new CampaignSpecLoader().load(write(base + "ablations: [none, obfuscated, 'universe:40']\n"));
        assertThat(CellPlan.cells("c", ablated)).extracting(CellSpec::cellId)
                .containsExactly("c/m/b/direct", "c/m/b/direct/obfuscated", "c/m/b/direct/universe:40");
        CampaignSpec reactAblated = new CampaignSpecLoader().load(write(base + "modes: [direct, react]\nablations: [none, obfuscated]\n"));
        assertThat(CellPlan.cells("c", reactAblated)).extracting(CellSpec::cellId)
                .containsExactly("c/m/b/direct", "c/m/b/direct/obfuscated", "c/m/b/react", "c/m/b/react/obfuscated");
        Path sqlAblated = write(base + "modes: [react, sql]\nablations: [obfuscated]\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(sqlAblated)).hasMessageContaining("direct and react cells only")
                .hasMessageContaining("sql cells");
        assertThat(new CampaignSpecLoader().load(write(base + "modes: [direct, sql]\n")).modes()).containsExactly("direct", "sql");
        Path agent = write(base + "modes: [agent]\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(agent)).hasMessageContaining("unknown mode 'agent'")
                .hasMessageContaining("direct, react, sql");
    }

    @Test
    void toolsViaMcpNeedsReactAndExactlyOneServer() throws IOException {
        String base = "name: a\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        assertThat(new CampaignSpecLoader().load(write(base)).toolsVia()).isEqualTo("in-process");
        CampaignSpec viaUrl = new CampaignSpecLoader().load(write(base + "modes: [react]\ntools_via: mcp\nmcp: {url: 'http://127.0.0.1:9/mcp'}\n"));
        assertThat(viaUrl.mcp()).isEqualTo(new McpServerEntry(null, "http://127.0.0.1:9/mcp"));
        CampaignSpec viaCommand = new CampaignSpecLoader().load(write(base + "modes: [react]\ntools_via: mcp\nmcp: {command: [./ibench, serve-tools, x.json, --mcp, stdio]}\n"));
        assertThat(viaCommand.mcp().command()).containsExactly("./ibench", "serve-tools", "x.json", "--mcp", "stdio");
        Map<String, String> rejected = Map.of(
                base + "modes: [react]\ntools_via: rpc\n", "tools_via: unknown value 'rpc'",
                base + "modes: [react]\ntools_via: mcp\n", "needs an 'mcp:' block",
                base + "tools_via: mcp\nmcp: {url: 'http://127.0.0.1:9/mcp'}\n", "applies to react cells only",
                base + "modes: [react]\ntools_via: mcp\nmcp: {url: 'http://h/mcp', command: [x]}\n", "exactly one of 'command'",
                base + "modes: [react]\ntools_via: mcp\nmcp: {}\n", "exactly one of 'command'",
                base + "modes: [react]\ntools_via: mcp\nmcp: {url: 'ftp://h/mcp'}\n", "not an http:// or https:// URL",
                base + "modes: [react]\nmcp: {url: 'http://h/mcp'}\n", "set tools_via: mcp to use it");
        for (Map.Entry<String, String> e : rejected.entrySet()) {
            Path f = write(e.getKey());
            assertThatThrownBy(() -> new CampaignSpecLoader().load(f)).as(e.getKey()).hasMessageContaining(e.getValue());
        }
    }

    @Test
    void readsAndChecksTheSettingsOfTheModelWrittenAblations() throws IOException {
        String base = "name: a\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        CampaignSpec spec = new CampaignSpecLoader().load(write(base + """
                ablations: [none, paraphrase, toolkit_expansion]
                ablation_settings:
                  paraphrase: {model: {profile: openai-compatible, endpoint: 'http://127.0.0.1:8000/v1', model: llama-70b, api_key_env: KEY}, min_similarity: 0.85}
                  toolkit_expansion: {model: {profile: openai-compatible}, tools_per_gold_tool: 2, min_similarity: 0.8, max_similarity: 0.95}
                """));
        assertThat(spec.ablationSettings().paraphrase().model()).isEqualTo(
                new GeneratorModel("openai-compatible", "http://127.0.0.1:8000/v1", "llama-70b", "KEY"));
        assertThat(spec.ablationSettings().paraphrase().minSimilarityOrDefault()).isEqualTo(0.85);
        assertThat(spec.ablationSettings().toolkitExpansion().toolsPerGoldToolOrDefault()).isEqualTo(2);
        assertThat(spec.ablationSettings().toolkitExpansion().maxSimilarityOrDefault()).isEqualTo(0.95);
        assertThat(CellPlan.cells("c", spec)).extracting(CellSpec::cellId)
                .containsExactly("c/m/b/direct", "c/m/b/direct/paraphrase", "c/m/b/direct/toolkit_expansion");
        CampaignSpec defaults = new CampaignSpecLoader().load(write(base
                + "ablations: [toolkit_expansion]\nablation_settings: {toolkit_expansion: {model: {profile: g}}}\n"));
        assertThat(defaults.ablationSettings().toolkitExpansion().minSimilarityOrDefault()).isEqualTo(0.8);
        assertThat(defaults.ablationSettings().toolkitExpansion().toolsPerGoldToolOrDefault()).isEqualTo(3);

        Path unknownKey = write(base + "ablations: [paraphrase]\nablation_settings: {paraphrase: {model: {profile: g}, judge: yes}}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(unknownKey)).hasMessageContaining("judge");
        Path unknownModelKey = write(base + "ablations: [paraphrase]\nablation_settings: {paraphrase: {model: {profile: g, temperature: 1}}}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(unknownModelKey)).hasMessageContaining("temperature");
        Path unused = write(base + "ablations: [obfuscated]\nablation_settings: {paraphrase: {model: {profile: g}}}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(unused))
                .hasMessageContaining("ablation_settings.paraphrase: set, but 'paraphrase' is not in ablations");
        Path noProfile = write(base + "ablations: [paraphrase]\nablation_settings: {paraphrase: {model: {endpoint: 'http://x/v1'}}}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(noProfile)).hasMessageContaining("ablation_settings.paraphrase.model.profile: missing");
        Path badWindow = write(base + "ablations: [toolkit_expansion]\n"
                + "ablation_settings: {toolkit_expansion: {model: {profile: g}, min_similarity: 0.9, max_similarity: 0.8}}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(badWindow)).hasMessageContaining("no tool could be kept");
        Path badCount = write(base + "ablations: [toolkit_expansion]\nablation_settings: {toolkit_expansion: {model: {profile: g}, tools_per_gold_tool: 0}}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(badCount)).hasMessageContaining("tools_per_gold_tool: must be between 1 and 10");
        Path badSimilarity = write(base + "ablations: [paraphrase]\nablation_settings: {paraphrase: {model: {profile: g}, min_similarity: 80}}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(badSimilarity)).hasMessageContaining("min_similarity: must be between -1 and 1");
    }

    @Test
    void readsAndChecksTheDecodingBlock() throws IOException {
        String base = "name: d\nmodels: [{name: m, profile: p}]\nbenchmarks: [{name: b, eval_set: x.json}]\n";
        CampaignSpec spec = new CampaignSpecLoader().load(write(base + "decoding: {temperature: 0.8, top_p: 0.95, max_tokens: 64, seed: 11}\n"));
        assertThat(spec.decoding()).isEqualTo(new DecodingOverrides(0.8, 0.95, 64, 11L));
        assertThat(new CampaignSpecLoader().load(write(base)).decoding()).isEqualTo(DecodingOverrides.NONE);
        Path badTopP = write(base + "decoding: {top_p: 0}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(badTopP)).hasMessageContaining("decoding.top_p");
        Path badTemperature = write(base + "decoding: {temperature: -1}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(badTemperature)).hasMessageContaining("decoding.temperature");
        Path typo = write(base + "decoding: {temprature: 1}\n");
        assertThatThrownBy(() -> new CampaignSpecLoader().load(typo)).hasMessageContaining("temprature");
    }

    @Test
    void everyTrialOfASampleGetsItsOwnStableSeed() {
        long t0 = TrialSeed.of(0, "superhero/1", 0);
        long t1 = TrialSeed.of(0, "superhero/1", 1);
        long t2 = TrialSeed.of(0, "superhero/1", 2);
        assertThat(List.of(t0, t1, t2)).doesNotHaveDuplicates().allSatisfy(seed -> assertThat(seed).isBetween(0L, (long) Integer.MAX_VALUE));
        assertThat(TrialSeed.of(0, "superhero/1", 1)).as("a re-run samples the same way").isEqualTo(t1);
        assertThat(TrialSeed.of(0, "superhero/2", 1)).isNotEqualTo(t1);
        assertThat(TrialSeed.of(7, "superhero/1", 1)).as("another campaign seed").isNotEqualTo(t1);
    }
}
