package dev.ibench.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The BFCL prompt style: BFCL's zero-shot system prompt in prompt mode, BFCL's function-calling setup in tools mode. */
class BfclPromptTest {
    private static final Path DATA = Path.of("../data/bfcl").toAbsolutePath().normalize();
    private static final List<String> FAMILIES = List.of("llama3", "watt-tool", "mixtral", "deepseek", "qwen2.5", "granite3.1",
            "gpt-4o-inline", "hammer");

    /** simple_1: "Calculate the factorial of 5 using math functions." with the one function math.factorial. */
    private static EvalSample factorial() {
        return BfclImporter.read(DATA.resolve("BFCL_v3_simple.json"), DATA.resolve("possible_answer/BFCL_v3_simple.json"), BfclCategory.SIMPLE)
                .samples().get(1);
    }

    private static ModelProfile profile(String family, PromptMode mode, String api) {
        return ProfileCatalog.parse("name: t\nprovider: openai\nbase_url: http://x/v1\nmodel: m\nfamily: " + family
                + "\nmode: " + mode.yamlName() + "\napi: " + api + "\n", "test");
    }

    @Test
    void everyPromptFamilyGivesBfclsSystemPromptWithTheFunctionsAndNoExamples() {
        EvalSample sample = factorial();
        for (String family : FAMILIES) {
            String shown = PromptRenderer.render(profile(family, PromptMode.PROMPT, "completions"), PromptStyle.BFCL, sample).display();
            assertThat(shown).as(family)
                    .contains("you MUST put it in the format of [func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]")
                    .contains("\"name\":\"math.factorial\"")
                    .contains("Calculate the factorial of 5 using math functions.")
                    .doesNotContain("{QUERY}", "{FUNCTION_STR}", "{ICL_EXAMPLES}", "#%", "Here are some examples");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void toolsModeSendsOnlyTheQuestionAndTheFunctionsNativelyWithApiSafeNamesAndJsonSchemaTypes() {
        RenderedPrompt p = PromptRenderer.render(profile("gpt-4o", PromptMode.TOOLS, "chat"), PromptStyle.BFCL, factorial());
        assertThat(p.messages()).hasSize(1);
        assertThat(p.messages().get(0).content()).isEqualTo("Calculate the factorial of 5 using math functions.");
        Map<String, Object> function = (Map<String, Object>) p.tools().get(0).get("function");
        assertThat(function.get("name")).isEqualTo("math_factorial");
        Map<String, Object> parameters = (Map<String, Object>) function.get("parameters");
        assertThat(parameters.get("type")).as("BFCL's dict").isEqualTo("object");
        assertThat(((Map<String, Map<String, Object>>) parameters.get("properties")).get("number").get("type")).isEqualTo("integer");
    }

    @Test
    @SuppressWarnings("unchecked")
    void nativeSpecsMapEveryNestedBfclType() {
        Map<String, Object> tool = Map.of("name", "geo.distance", "parameters", Map.of("type", "dict", "properties", Map.of(
                "point", Map.of("type", "tuple", "items", Map.of("type", "float")),
                "options", Map.of("type", "dict", "properties", Map.of("type", Map.of("type", "string"))))));
        Map<String, Object> parameters = (Map<String, Object>) ((Map<String, Object>) NativeToolSpecs.openAi(List.of(tool)).get(0).get("function")).get("parameters");
        Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) parameters.get("properties");
        assertThat(properties.get("point")).containsEntry("type", "array").containsEntry("items", Map.of("type", "number"));
        assertThat(properties.get("options").get("type")).isEqualTo("object");
        assertThat(properties.get("options").get("properties")).as("a property named 'type' is a schema, not a type name")
                .isEqualTo(Map.of("type", Map.of("type", "string")));
    }
}
