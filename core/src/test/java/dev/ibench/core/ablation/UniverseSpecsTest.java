package dev.ibench.core.ablation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code universe:<p>} over every sample of the real superhero SLOT, SEL and REST eval sets: an offered tool the
 * sample offers itself carries exactly the sample's own spec (the old universe kept the first sample's copy: 6 of
 * SLOT's 7 names have per-sample {@code key_name} enums), a distractor carries the spec built for the sample's keys,
 * and SLOT's {@code universe:100} is the sample as it is.
 */
class UniverseSpecsTest {
    private static final List<String> SHARES = List.of("universe:10", "universe:25", "universe:50", "universe:75", "universe:100");

    private static List<EvalSample> slot;
    private static List<EvalSample> sel;
    private static List<EvalSample> rest;

    @BeforeAll
    static void build() {
        slot = BuiltSuperhero.slot();
        sel = BuiltSuperhero.sel();
        rest = BuiltSuperhero.rest();
    }

    @Test
    void theSetsHaveWhatMadeTheOldUniverseWrong() {
        assertThat(namesWithSeveralSpecs(slot)).as("SLOT names with per-sample specs").hasSize(6);
        assertThat(namesWithSeveralSpecs(sel)).as("SEL names with per-sample specs").isNotEmpty();
    }

    @Test
    void everyOfferedToolTheSampleOffersItselfCarriesItsOwnSpecUnderEveryShare() {
        for (List<EvalSample> set : List.of(slot, sel, rest)) {
            for (String share : SHARES) {
                Ablation universe = Ablation.parse(share);
                for (EvalSample sample : set) {
                    Map<String, Map<String, Object>> own = new HashMap<>();
                    sample.tools().forEach(t -> own.put((String) t.get("name"), t));
                    for (Map<String, Object> offered : universe.shown(sample, set, 11).tools()) {
                        Map<String, Object> mine = own.get((String) offered.get("name"));
                        if (mine != null) {
                            assertThat(offered).as("%s %s %s", share, sample.sampleId(), offered.get("name")).isEqualTo(mine);
                        }
                    }
                }
            }
        }
    }

    @Test
    void slotUniverseHundredIsTheSampleAsItIs() {
        for (EvalSample sample : slot) {
            assertThat(Ablation.parse("universe:100").shown(sample, slot, 3).tools()).as(sample.sampleId()).isEqualTo(sample.tools());
        }
    }

    @Test
    void selDistractorsAreTheGettersBuiltForTheSampleAndEachShareHasTable4sCount() {
        Set<String> selNames = new HashSet<>();
        sel.forEach(s -> s.tools().forEach(t -> selNames.add((String) t.get("name"))));
        for (EvalSample sample : sel) {
            Set<String> own = new HashSet<>();
            sample.tools().forEach(t -> own.add((String) t.get("name")));
            List<Map<String, Object>> all = Ablation.parse("universe:100").shown(sample, sel, 5).tools();
            assertThat(all).as("the database's whole SEL universe").hasSize(selNames.size());
            for (Map<String, Object> tool : all) {
                String name = (String) tool.get("name");
                if (!own.contains(name)) {
                    // a getter of another table's key: "Lookup data <key>: <description>" over data_source only
                    assertThat(name).startsWith("get_");
                    String key = name.substring(4, name.length() - 1);
                    assertThat((String) tool.get("description")).startsWith("Lookup data " + key + ": ");
                    assertThat(((Map<?, ?>) ((Map<?, ?>) tool.get("parameters")).get("properties")).keySet()).isEqualTo(Set.of("data_source"));
                }
            }
            int gold = (int) sample.output().stream().map(c -> c.name()).distinct().count();
            // Table 4 rounds down: 56 SEL tools -> 5, 14, 28, 42 (hand-computed floors of 5.6, 14, 28, 42)
            assertThat(Ablation.parse("universe:10").shown(sample, sel, 5).tools()).hasSize(Math.max(gold, 5));
            assertThat(Ablation.parse("universe:25").shown(sample, sel, 5).tools()).hasSize(Math.max(gold, 14));
        }
    }

    @Test
    void theRestUniverseIsThePublishedEndpointsAndTable4RoundsDown() throws Exception {
        List<UniverseSize> sizes = UniverseSize.of(rest);
        Map<?, ?> published = dev.ibench.core.json.Json.MAPPER.readValue(BuiltSuperhero.dir().resolve("bird-superhero-rest-endpoints.json").toFile(), Map.class);
        assertThat(sizes).containsExactly(new UniverseSize("superhero", ((List<?>) published.get("endpoints")).size()));
        // seed 000 Table 4, superhero (109 endpoints) and california_schools (75)
        assertThat(List.of(10, 25, 50, 75, 100).stream().map(p -> new UniverseSize("superhero", 109).offered(p)))
                .containsExactly(10, 27, 54, 81, 109);
        assertThat(List.of(10, 25, 50, 75, 100).stream().map(p -> new UniverseSize("california_schools", 75).offered(p)))
                .containsExactly(7, 18, 37, 56, 75);
        assertThat(UniverseSize.of(slot)).containsExactly(new UniverseSize("superhero", 7));
    }

    private static Set<String> namesWithSeveralSpecs(List<EvalSample> set) {
        Map<String, Set<Map<String, Object>>> specs = new HashMap<>();
        set.forEach(s -> s.tools().forEach(t -> specs.computeIfAbsent((String) t.get("name"), n -> new HashSet<>()).add(t)));
        Set<String> out = new HashSet<>();
        specs.forEach((n, v) -> {
            if (v.size() > 1) out.add(n);
        });
        return out;
    }
}
