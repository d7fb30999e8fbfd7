package dev.ibench.core.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenApiDocumentTest {
    private static final EndpointSpec SPEC = new EndpointSpec("get_hero_height_v1_bird_superhero", EndpointSpec.GET, "/v1/bird/superhero/hero_height",
            "Get the height of a hero", "Returns the height in cm of the hero with the given name.",
            List.of(new QueryParameter("hero_name", ParamType.STRING, "Hero Name", "Name of the hero", true, 1, null)),
            "SELECT height_cm FROM superhero WHERE superhero_name = ?1", new ResponseShape(List.of("height_cm"), false), "deterministic");

    /** Map.of with several entries iterates in an order that changes per JVM; a published document must not. */
    @Test
    void everyMapWithSeveralEntriesKeepsItsInsertionOrder() {
        List<String> unordered = new ArrayList<>();
        walk("$", OpenApiDocument.of("ibench REST tools: bird superhero", List.of(SPEC)), unordered);
        assertThat(unordered).as("maps whose key order is not fixed").isEmpty();
    }

    @Test
    void infoListsTitleVersionDescriptionInThatOrder() {
        Object info = OpenApiDocument.of("t", List.of(SPEC)).get("info");
        assertThat(new ArrayList<Object>(((Map<?, ?>) info).keySet())).containsExactly("title", "version", "description");
    }

    private static void walk(String path, Object node, List<String> unordered) {
        if (node instanceof Map<?, ?> map) {
            if (map.size() > 1 && !(map instanceof LinkedHashMap)) unordered.add(path + " (" + map.getClass().getName() + ")");
            map.forEach((k, v) -> walk(path + "." + k, v, unordered));
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) walk(path + "[" + i + "]", list.get(i), unordered);
        }
    }
}
