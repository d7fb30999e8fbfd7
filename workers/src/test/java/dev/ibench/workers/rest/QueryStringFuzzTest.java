package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.rest.ArgumentBinder;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.InvalidArgumentException;
import dev.ibench.core.rest.ParamType;
import dev.ibench.core.rest.QueryParameter;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

/**
 * The REST server's query-string handling over generated raw query strings (percent-encoding broken in every way,
 * repeated and unknown names, huge and odd values): each is either bound to the endpoint's typed values or refused
 * with the two exceptions the server answers as 400 ({@code IllegalArgumentException} from parsing,
 * {@link InvalidArgumentException} from binding, which names the parameter). Nothing else may escape.
 */
class QueryStringFuzzTest {
    private static final EndpointSpec SPEC = new EndpointSpec("get_heroes", "GET", "/v1/bird/superhero/heroes", "s", "d", List.of(
            new QueryParameter("name", ParamType.STRING, "Name", "d", true, 1, "superhero_name"),
            new QueryParameter("min_height", ParamType.INTEGER, "Min", "d", false, 2, "height_cm"),
            new QueryParameter("weight", ParamType.NUMBER, "Weight", "d", false, 3, "weight_kg")),
            "SELECT superhero_name FROM superhero WHERE superhero_name = ? AND height_cm >= ? AND weight_kg = ?", null, "test");

    private static final List<String> FRAGMENTS = List.of("name", "min_height", "weight", "unknown", "=", "&", "&&", "==", "%", "%2",
            "%ZZ", "%25", "%00", "%0A", "%C3", "%C3%A9", "%E2%82", "%F0%9F%98%80", "%FF%FE", "+", "%2B", "-", ".", "1e309", "NaN",
            "9223372036854775808", "-0", "0x10", "1.5", "12", " ", "'", "\"", ";", "--", "%27%20OR%201%3D1", "\u00e9", "\ud83d\ude00", "[]",
            "name[]", "%3D", "%26");

    @Property(seed = "20261125", shrinking = ShrinkingMode.OFF)
    void everyQueryStringIsBoundOrRefusedWithAReason(@ForAll("queries") String raw) {
        Map<String, List<String>> parsed;
        try {
            parsed = QueryString.parse(raw);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        try {
            List<Object> values = ArgumentBinder.bind(SPEC, parsed);
            assertThat(values).hasSize(SPEC.parameters().size());
            assertThat(values.get(0)).isInstanceOf(String.class);
            assertThat(((String) values.get(0)).length()).isLessThanOrEqualTo(ArgumentBinder.MAX_VALUE_LENGTH);
            assertThat(values.get(1)).satisfiesAnyOf(v -> assertThat(v).isNull(), v -> assertThat(v).isInstanceOf(Long.class));
        } catch (InvalidArgumentException refused) {
            assertThat(refused.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> fragment = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, Arbitraries.of(FRAGMENTS)),
                net.jqwik.api.Tuple.of(2, Arbitraries.strings().ascii().ofMaxLength(8)),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().all().ofMaxLength(4)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 1200).map("x"::repeat)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(60, 70).map("a=1&"::repeat)));
        return fragment.list().ofMaxSize(40).map(parts -> String.join("", parts));
    }
}
