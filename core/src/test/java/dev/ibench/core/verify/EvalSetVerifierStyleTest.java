package dev.ibench.core.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which JSON files of a build folder the SLOT/SEL verifier takes as its eval sets. */
class EvalSetVerifierStyleTest {
    private static String styleOf(String json) throws Exception {
        return EvalSetVerifier.styleOf(Json.MAPPER.readTree(json));
    }

    @Test
    void takesSlotAndSelSetsByTheirDeclaredStyle() throws Exception {
        assertThat(styleOf("{\"style\":\"slot\",\"data\":[]}")).isEqualTo("slot");
        assertThat(styleOf("{\"style\":\"SEL\",\"data\":[{\"sample_id\":\"a\"}]}")).isEqualTo("sel");
    }

    @Test
    void skipsRestSetsEvenWhenTheirSamplesLookLikeToolSequences() throws Exception {
        assertThat(styleOf("{\"style\":\"rest\",\"data\":[{\"initialization_step\":{}}]}")).isNull();
    }

    @Test
    void skipsPublicationAndCoverageFiles() throws Exception {
        assertThat(styleOf("[{\"name\":\"get_x_v1\",\"parameters\":{}}]")).as("rest-tools.json").isNull();
        assertThat(styleOf("[]")).as("empty tool list").isNull();
        assertThat(styleOf("{\"openapi\":\"3.0.3\",\"paths\":{}}")).as("openapi.json").isNull();
        assertThat(styleOf("{\"source\":\"bird\",\"endpoints\":[]}")).as("rest-endpoints.json").isNull();
        assertThat(styleOf("{\"style\":\"slot\",\"questions\":3}")).as("coverage.json").isNull();
    }

    @Test
    void takesUnlabelledSetsOnlyWhenEverySampleHasAnInitializationStep() throws Exception {
        assertThat(styleOf("[{\"initialization_step\":{\"database_path\":\"x\"}}]")).isEqualTo("unknown");
        assertThat(styleOf("{\"data\":[{\"initialization_step\":{}},{\"sample_id\":\"b\"}]}")).isNull();
    }

    @Test
    void reportsTotalsPerStyleInSlotSelRestOrder() {
        EvalSetVerifier.Result slotSel = new EvalSetVerifier.Result(List.of(
                new EvalSetVerifier.FileResult("a-sel.json", 2, 2, List.of(), "sel"),
                new EvalSetVerifier.FileResult("a-slot.json", 3, 2, List.of("x: bad"), "slot"),
                new EvalSetVerifier.FileResult("b-slot.json", 1, 1, List.of(), "slot")), 6, 5);
        EvalSetVerifier.Result rest = new EvalSetVerifier.Result(List.of(
                new EvalSetVerifier.FileResult("a-rest.json", 4, 4, List.of(), "rest")), 4, 4);
        EvalSetVerifier.Result all = slotSel.plus(rest);
        assertThat(all.samples()).isEqualTo(10);
        assertThat(all.agreed()).isEqualTo(9);
        assertThat(all.byStyle()).containsOnlyKeys("slot", "sel", "rest");
        assertThat(all.byStyle().keySet()).containsExactly("slot", "sel", "rest");
        assertThat(all.byStyle().get("slot")).isEqualTo(new EvalSetVerifier.StyleResult("slot", 4, 3));
        assertThat(all.byStyle().get("rest").agreement()).isEqualTo(1.0);
    }
}
