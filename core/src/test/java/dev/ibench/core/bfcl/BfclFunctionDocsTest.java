package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a model is shown for BFCL's Java and JavaScript functions, written out by hand from bfcl-eval's
 * {@code _func_doc_language_specific_pre_processing} (the same transform, run by bfcl-eval itself on all 150 v4 Java and
 * JavaScript rows, gave identical documents when this was written).
 */
class BfclFunctionDocsTest {

    @Test
    void javaParametersBecomeStringsWithTheirJavaTypeInTheDescription() throws Exception {
        List<Map<String, Object>> tools = Json.MAPPER.readValue("""
                [{"name": "f", "description": "Does f.", "parameters": {"type": "dict", "properties": {
                  "n": {"type": "long", "description": "A count."},
                  "xs": {"type": "ArrayList", "description": "Ids.", "items": {"type": "integer"}},
                  "o": {"type": "any", "description": "Anything."}}, "required": ["n"]}}]""", List.class);

        List<Map<String, Object>> shown = BfclFunctionDocs.forModel("bfcl_simple_java", tools);

        assertThat(Json.MAPPER.writeValueAsString(shown)).isEqualTo(Json.MAPPER.writeValueAsString(Json.MAPPER.readValue("""
                [{"name": "f", "description": "Does f. Note that the provided function is in Java 8 SDK syntax.", "parameters": {"type": "dict",
                  "properties": {
                  "n": {"type": "string", "description": "A count. This is Java long type parameter in string representation."},
                  "xs": {"type": "string", "description": "Ids. This is Java ArrayList type parameter in string representation. The list elements are of type integer; they are not in string representation."},
                  "o": {"type": "string", "description": "Anything. This parameter can be of any type of Java object in string representation."}},
                  "required": ["n"]}}]""", List.class)));
        assertThat(tools.get(0).get("description")).as("the stored descriptions keep their types").isEqualTo("Does f.");
    }

    @Test
    void javaScriptDictSchemasMoveIntoTheDescriptionAndPythonIsShownUnchanged() throws Exception {
        List<Map<String, Object>> tools = Json.MAPPER.readValue("""
                [{"name": "g", "description": "Does g.", "parameters": {"type": "dict", "properties": {
                  "d": {"type": "dict", "description": "Options.", "properties": {"k": {"type": "String"}}}}}}]""", List.class);

        Map<String, Object> d = property(BfclFunctionDocs.forModel("bfcl_simple_javascript", tools), "d");

        assertThat(d).containsEntry("type", "string").doesNotContainKey("properties");
        assertThat(d.get("description")).isEqualTo("Options. This is JavaScript dict type parameter in string representation. "
                + "The dictionary entries have the following schema; they are not in string representation. {\"k\": {\"type\": \"String\"}}");
        assertThat(BfclFunctionDocs.forModel("bfcl_live_simple", tools)).isSameAs(tools);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> property(List<Map<String, Object>> tools, String name) {
        return (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) tools.get(0).get("parameters")).get("properties")).get(name);
    }
}
