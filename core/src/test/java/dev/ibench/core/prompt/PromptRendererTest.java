package dev.ibench.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptRendererTest {
    private static final List<String> FAMILIES = List.of("llama3", "watt-tool", "mixtral", "deepseek", "qwen2.5", "granite3.1", "gpt-4o", "hammer");

    /** A real sample: the third SLOT ICL example of the seed (disney, "List the movie titles directed by Jack Kinney."). */
    static EvalSample iclSample(String file, int index) throws Exception {
        JsonNode root = Json.MAPPER.readTree(ProfileCatalog.readResource("icl/" + file));
        return Json.MAPPER.treeToValue(root.get("data").get(index), EvalSample.class);
    }

    private static ModelProfile profile(String family, PromptMode mode, String api) {
        return ProfileCatalog.parse("name: t\nprovider: openai\nbase_url: http://x/v1\nmodel: m\nfamily: " + family
                + "\nmode: " + mode.yamlName() + "\napi: " + api + "\n", "test");
    }

    @Test
    void everyFamilyHasSlotAndRestTemplatesThatUseAllVariables() throws Exception {
        EvalSample sample = iclSample(IclExamples.SLOT_FILE, 2);
        for (String family : FAMILIES) {
            for (PromptStyle style : List.of(PromptStyle.SLOT, PromptStyle.SEL, PromptStyle.REST)) {
                PromptTemplate t = TemplateLibrary.forProfile(profile(family, PromptMode.PROMPT, "completions"), style);
                assertThat(t.placeholders()).as(family + " " + style).contains("QUERY");
                if (!family.equals("gpt-4o")) {
                    assertThat(t.placeholders()).as(family + " " + style).contains("FUNCTION_STR");
                }
                if (style != PromptStyle.REST) {
                    assertThat(t.placeholders()).as(family + " " + style).contains("ICL_EXAMPLES");
                } else {
                    assertThat(t.placeholders()).as(family + " REST has no ICL").doesNotContain("ICL_EXAMPLES");
                }
                String shown = new PromptRenderer(profile(family, PromptMode.PROMPT, "chat"), IclExamples.bundled(style)).render(style, sample).display();
                assertThat(shown).contains(sample.input()).doesNotContain("{QUERY}", "{ICL_EXAMPLES}", "{FUNCTION_STR}", "#%");
            }
        }
    }

    @Test
    void qwenSlotRawPromptCarriesToolsIclAndQuestionInChatMlLayout() throws Exception {
        EvalSample sample = iclSample(IclExamples.SLOT_FILE, 2);
        RenderedPrompt p = PromptRenderer.render(profile("qwen2.5", PromptMode.PROMPT, "completions"), PromptStyle.SLOT, sample);
        assertThat(p.isRaw()).isTrue();
        assertThat(p.text()).startsWith("<|im_start|>system\nYou are Qwen, created by Alibaba Cloud.")
                .endsWith("<|im_start|>user\nList the movie titles directed by Jack Kinney.<|im_end|>\n<|im_start|>assistant\n")
                .contains("<tools>\n[{\"description\":")
                .contains("\"name\":\"retrieve_data\"")
                .contains("{\"name\": <function-name>, \"arguments\": <args-json-object>, \"label\": <output-label>}");
        // the sample is itself ICL example 3, so only the other two examples are shown
        assertThat(p.text()).contains("Wolfgang Reitherman", "Ron Clements");
        assertThat(p.text().split("List the movie titles directed by Jack Kinney", -1)).hasSize(2);
    }

    @Test
    void iclSelectionTakesThreeExamplesInFileOrderAndFullFormatMatchesSeedF19() {
        IclExamples icl = IclExamples.bundled(PromptStyle.SLOT);
        assertThat(icl.size()).isEqualTo(3);
        assertThat(icl.select(3, "some other question")).extracting(n -> n.get("sample_id").asInt()).containsExactly(10, 39, 61);
        String full = icl.render(3, IclFormat.FULL, "q");
        assertThat(full).startsWith("{\n  \"sample_id\" : 10,\n  \"dataset_name\" : \"disney\",\n  \"input\" : \"Among the movies directed by Wolfgang Reitherman")
                .contains("\"gold_answer\" : \"The Aristocats\"").doesNotContain("key_values_and_descriptions");
        assertThat(icl.render(3, IclFormat.COMPACT, "q").lines()).hasSize(3);
        assertThat(IclExamples.bundled(PromptStyle.SEL).select(1, null).get(0).get("output").get(0).get("name").asText()).isEqualTo("select_data_equal_to");
        assertThat(IclExamples.bundled(PromptStyle.REST).size()).isZero();
    }

    @Test
    void toolsModeSendsNativeToolsAndMessageShapedSystemPrompt() throws Exception {
        EvalSample sample = iclSample(IclExamples.SLOT_FILE, 0);
        RenderedPrompt p = PromptRenderer.render(profile("gpt-4o", PromptMode.TOOLS, "chat"), PromptStyle.SLOT, sample);
        assertThat(p.isRaw()).isFalse();
        assertThat(p.messages()).extracting(ChatMessage::role).containsExactly("system", "user");
        assertThat(p.messages().get(0).content()).startsWith("You are a helpful assistant with access to the following function calls.")
                .contains("Relevant data is available in the file starting_table_var.");
        assertThat(p.messages().get(1).content()).isEqualTo(sample.input());
        assertThat(p.tools()).hasSize(sample.tools().size());
        @SuppressWarnings("unchecked")
        Map<String, Object> fn = (Map<String, Object>) p.tools().get(0).get("function");
        assertThat(fn.get("name")).isEqualTo("sort_data");
        assertThat(fn.get("parameters")).asString().contains("type=object", "key_name");
    }

    @Test
    void reactPromptListsToolNamesAndQuestion() throws Exception {
        EvalSample sample = iclSample(IclExamples.SEL_FILE, 1);
        RenderedPrompt p = new PromptRenderer(profile("llama3", PromptMode.PROMPT, "completions"), null)
                .renderReact(sample, "Thought: filter first\nAction: select_data_equal_to", "");
        assertThat(p.text()).contains("1) the only values that should follow \"Action:\" are: select_data_not_equal_to, ")
                .contains("Question: How many PG adventure movies did Ron Clements direct?")
                .contains("Action Input:\n{\n    \"key_1\": \"value_1\",")
                .endsWith("Thought:\n");
        RenderedPrompt chat = new PromptRenderer(profile("gpt-4o", PromptMode.TOOLS, "chat"), null).renderReact(sample, "", "");
        assertThat(chat.messages()).hasSize(1);
        assertThat(chat.tools()).as("ReACT acts through text, no native tools").isEmpty();
    }

    @Test
    void substitutionIsSinglePassSoValuesContainingPlaceholdersStayLiteral() {
        PromptTemplate t = PromptTemplate.parse("t", "#% comment\nA {QUERY} B {FUNCTION_STR} {\"x\": 1}");
        assertThat(t.substitute(Map.of("QUERY", "{FUNCTION_STR}", "FUNCTION_STR", "[]"))).isEqualTo("A {FUNCTION_STR} B [] {\"x\": 1}");
    }

    @Test
    void builtInProfilesLoadAndUserDirectoryOverridesAndAdds(@TempDir Path dir) throws Exception {
        ProfileCatalog builtIn = ProfileCatalog.load(null);
        assertThat(builtIn.all()).extracting(ModelProfile::name).contains("smollm2", "oracle", "vllm-qwen2.5-7b", "openai-gpt-4o");
        assertThat(builtIn.resolve("openai-gpt-4o").pricePerMillionInput()).isEqualTo(2.5);
        Files.writeString(dir.resolve("mine.yaml"), "name: my-llama\nprovider: openai\nbase_url: http://gpu:8000/v1\nmodel: llama\nfamily: llama3\n");
        Files.writeString(dir.resolve("smollm2.yaml"), "name: smollm2\nprovider: gguf\nmodel_file: other.gguf\nfamily: qwen2.5\n");
        ProfileCatalog catalog = ProfileCatalog.load(dir);
        assertThat(catalog.resolve("my-llama").family()).isEqualTo("llama3");
        assertThat(catalog.resolve("smollm2").modelFile()).isEqualTo("other.gguf");
        assertThatThrownBy(() -> catalog.resolve("nope")).hasMessageContaining("unknown model profile 'nope'").hasMessageContaining("my-llama");
    }

    @Test
    void badProfilesAreRejectedWithTheProblemNamed() {
        assertThatThrownBy(() -> ProfileCatalog.parse("name: x\nprovider: openai\nfamily: llama3\n", "x.yaml"))
                .hasMessageContaining("x.yaml").hasMessageContaining("needs 'base_url'");
        assertThatThrownBy(() -> ProfileCatalog.parse("name: x\nprovider: gguf\nmodel_file: a\nfamily: llama3\nmax_tokenz: 3\n", "y.yaml"))
                .hasMessageContaining("y.yaml").hasMessageContaining("max_tokenz");
        assertThatThrownBy(() -> ProfileCatalog.parse("name: x\nprovider: openai\nbase_url: u\nmodel: m\nfamily: f\nmode: tools\napi: completions\n", "z"))
                .hasMessageContaining("mode tools needs api chat");
    }

    @Test
    void toolCallSchemaRestrictsNamesToTheSampleTools() throws Exception {
        String schema = ToolCallSchema.forTools(iclSample(IclExamples.SLOT_FILE, 0).tools(), 0);
        assertThat(schema).startsWith("{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"enum\":[\"sort_data\"");
        assertThat(schema).as("no bound asked: the list is unbounded").doesNotContain("maxItems");
    }

    @Test
    void toolCallSchemaBoundsTheListAtTheLongestGoldSequenceOfTheEvalSet() throws Exception {
        // the seed's three SLOT ICL examples hold 3, 4 and 2 gold calls (counted in the file by hand)
        List<EvalSample> evalSet = List.of(iclSample(IclExamples.SLOT_FILE, 0), iclSample(IclExamples.SLOT_FILE, 1),
                iclSample(IclExamples.SLOT_FILE, 2));
        int maxCalls = ToolCallSchema.maxCalls(evalSet);
        assertThat(maxCalls).isEqualTo(4);
        assertThat(ToolCallSchema.forTools(evalSet.get(0).tools(), maxCalls)).endsWith("\"required\":[\"name\",\"arguments\",\"label\"]},\"maxItems\":4}");
        assertThat(ToolCallSchema.maxCalls(List.of())).as("no gold calls: no bound").isZero();
    }
}
