package dev.ibench.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
}
