package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.testing.SuperheroEvalSets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45: ablation settings that would fail every item at run time are refused by {@code campaign start}
 * ({@link CampaignStarter#plan(Path, ProfileCatalog)}, before any workflow starts), naming the field.
 */
class CampaignStartAblationChecksTest {
    @TempDir Path dir;

    private Path campaign(String ablations, String settings) throws Exception {
        return campaign(SuperheroEvalSets.slot().toAbsolutePath(), "slot", ablations, settings);
    }

    private Path campaign(Path evalSet, String benchmark, String ablations, String settings) throws Exception {
        return Files.writeString(dir.resolve("c.yaml"), """
                name: c
                models: [{name: oracle, profile: oracle}]
                benchmarks: [{name: %s, eval_set: "%s"}]
                ablations: %s
                %s""".formatted(benchmark, evalSet, ablations, settings));
    }

    /** An imported BFCL set: two entries whose functions share a name with different specs, as BFCL's entries do. */
    private Path bfclSet() throws Exception {
        String entry = """
                {"sample_id": "simple_%d", "dataset_name": "bfcl_simple", "input": "area of a %s",
                 "output": [{"name": "calculate_area", "arguments": {"%s": 2}}],
                 "tools": [{"name": "calculate_area", "description": "area of a %s",
                            "parameters": {"type": "object", "properties": {"%s": {"type": "integer"}}, "required": ["%s"]}}]}""";
        return Files.writeString(dir.resolve("bfcl-simple.json"), "[" + entry.formatted(0, "square", "side", "square", "side", "side") + ",\n"
                + entry.formatted(1, "circle", "radius", "circle", "radius", "radius") + "]");
    }

    @Test
    void universeOnAnImportedBfclSetIsRefusedAtStartNamingTheBenchmarkAndTheAblation() throws Exception {
        Path file = campaign(bfclSet(), "bfcl-simple", "[none, 'universe:40']", "");
        assertThatThrownBy(() -> CampaignStarter.plan(file, catalog(dir))).isInstanceOf(CampaignSpecException.class)
                .hasMessageStartingWith(file + ": benchmarks 'bfcl-simple': ablation universe:40 offers a share of a database's tool universe,"
                        + " and a BFCL eval set has none");
        // the same set without the ablation is planned
        Path without = campaign(bfclSet(), "bfcl-simple", "[none, obfuscated]", "");
        assertThat(CampaignStarter.plan(without, catalog(dir)).knownItems()).isEqualTo(4);
    }

    private static ProfileCatalog catalog(Path dir) {
        return ProfileCatalog.load(dir.resolve("profiles"));
    }

    @Test
    void anUnknownParaphraseWriterProfileIsRefusedAtStart() throws Exception {
        Path file = campaign("[none, paraphrase]",
                "ablation_settings: {paraphrase: {model: {profile: no-such-writer, endpoint: 'http://127.0.0.1:9/v1', model: w}}}\n");
        assertThatThrownBy(() -> CampaignStarter.plan(file, catalog(dir))).isInstanceOf(CampaignSpecException.class)
                .hasMessageStartingWith(file + ": ablation_settings.paraphrase.model.profile: unknown model profile 'no-such-writer'");
    }

    @Test
    void anUnknownToolkitExpansionWriterProfileIsRefusedAtStart() throws Exception {
        Path file = campaign("[toolkit_expansion]",
                "ablation_settings: {toolkit_expansion: {model: {profile: typo-profile}}}\n");
        assertThatThrownBy(() -> CampaignStarter.plan(file, catalog(dir))).isInstanceOf(CampaignSpecException.class)
                .hasMessageStartingWith(file + ": ablation_settings.toolkit_expansion.model.profile: unknown model profile 'typo-profile'");
    }

    @Test
    void aKnownWriterProfilePasses() throws Exception {
        Path file = campaign("[none, paraphrase]",
                "ablation_settings: {paraphrase: {model: {profile: openai-compatible, endpoint: 'http://127.0.0.1:9/v1', model: w}}}\n");
        assertThat(CampaignStarter.plan(file, catalog(dir)).cells()).isEqualTo(2);
    }
}
