package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The {@code ibm-reference} mode against the seed authors' scorer (IBM/api-integrated-llm-experiment at 823a690).
 * The first four tests restate the cases of its {@code tests/api_integrated_llm/helpers/test_output_parsers.py}; the
 * expected names of {@link #decisionsCaseByCase} were obtained by running that repository's
 * {@code parse_generated_text} and {@code scoring.get_api_contents} on each output ({@code ""}: a predicted call
 * without a name, which ibench counts as a malformed item).
 */
class IbmReferenceModeTest {
    private final ParserChain chain = ParserChains.named(ParserChains.IBM_REFERENCE);

    /** test_parse_multi_step: a bare Python call list is read by the manual split, its values as strings. */
    @Test
    void pythonCallListIsReadByTheManualSplitWithStringValues() {
        ParsedOutput p = chain.parse("[select_data_less_than_equal_to(data_source=\"$starting_table_var$\", key_name=\"edhrecRank\", value=100)]");
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.calls()).containsExactly(new ToolCall("select_data_less_than_equal_to",
                Map.of("data_source", "$starting_table_var$", "key_name", "edhrecRank", "value", "100"), null));
    }

    /** test_manual_xml_parsing: prose before one tool_call block; the tag reader alone finds the one call. */
    @Test
    void toolCallTagsAfterProseGiveTheirCall() {
        String out = "jfkjfjhgfjkhg<tool_call>\n{\"name\": \"aggregate_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\","
                + " \"key_name\": \"\", \"aggregation_type\": \"count\", \"distinct\": false, \"limit\": -1}, \"label\": \"COUNT_TEACHERS\"}\n</tool_call>";
        Optional<List<Object>> items = ReferenceToolCallTagReader.read(out.replace("\n", ""));
        assertThat(items).hasValueSatisfying(list -> assertThat(list).hasSize(1));
        assertThat(chain.parse(out).calls()).extracting(ToolCall::name).containsExactly("aggregate_data");
    }

    /**
     * test_parse_llama_3_output_single_intent / _multi_intent: a Llama 3.1 NESTful output, two calls each in stray
     * quotes on their own line, parses without error (newlines removed, then the JSON Lines split on {@code ' '}).
     */
    @Test
    void quotedCallsOnTheirOwnLinesAreSplitOnQuoteSpaceQuote() {
        String out = "{\"name\": \"get_property_names\", \"arguments\": {\"property_type_code\": \"house\"}, \"label\": \"$var_1\"}' \n"
                + "'{\"name\": \"get_property_names\", \"arguments\": {\"property_type_code\": \"flat\"}, \"label\": \"$var_2\"}'";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.calls()).extracting(c -> c.arguments().get("property_type_code")).containsExactly("house", "flat");
    }

    @Test
    void patternAKeepsTheOuterCall() {
        String out = "{\"type\": \"function\", \"name\": \"compute_data_mean\", \"parameters\": {\"data_source\": "
                + "{\"type\": \"object\", \"value\": {\"function_name\": \"get_superhero_heights\", \"args\": []}}}}'";
        assertThat(chain.parse(out).calls()).extracting(ToolCall::name).containsExactly("compute_data_mean");
    }

    @Test
    void patternBParsesNothing() {
        String out = "{\"type\": \"function\", \"name\": \"get_superhero_names\", \"parameters\": {}}' is not sufficient, we need to filter.\n\n"
                + "[{\"type\": \"function\", \"name\": \"select_data_equal_to\", \"parameters\": {\"key_name\": \"eye_colour\", \"value\": \"Blue\"}}]";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(p.calls()).isEmpty();
    }

    @Test
    void decisionsCaseByCase() {
        String f = "{\"name\": \"f\", \"arguments\": {}}";
        String g = "{\"name\": \"g\", \"arguments\": {}}";
        Map<String, List<String>> expected = new java.util.LinkedHashMap<>();
        expected.put("Sure: [" + f + ", " + g + "] done", List.of("f", "g"));
        expected.put("[" + f + ", {\"arguments\": {}}]", List.of("f", ""));
        expected.put("[" + f + ", {\"arguments\": {}, \"label\": \"x\"}]", List.of());
        expected.put("[" + f + ", \"g\"]", List.of("f", ""));
        expected.put("[[" + f + ", " + g + "]]", List.of(""));
        expected.put(f + "\n" + g, List.of());
        expected.put(f + "''" + g, List.of("f", "g"));
        expected.put("{\"type\": \"function\", \"name\": \"f\", \"parameters\": {}}; {\"type\": \"function\", \"name\": \"g\", \"parameters\": {}}", List.of());
        expected.put("[get_a(x=\"1\"),get_b(y=\"2\")]", List.of("get_a", "get_b"));
        expected.put("[get_a(x=\"1\"), get_b(y=\"2\")]", List.of("get_a", ""));
        expected.put("[get_a()]", List.of());
        expected.put("Calls: [get_a(x=1), get_b(y=\"z\")]", List.of());
        expected.put("Calls: [get_a(x=1), get_b(y=\"z\")] done", List.of("get_a", "get_b"));
        expected.put("[[get_a(x=1)]]", List.of("[get_a"));
        expected.put("<tool_call>{\"name\": \"f\", \"arguments\": {\"k\": [1]}}</tool_call><tool_call>" + g + "</tool_call>", List.of("f", "g"));
        expected.put("<tool_call>nothing</tool_call>", List.of());
        expected.put("[TOOL_CALLS][" + f + "]", List.of("f"));
        expected.put("[{\"name\": \"get_null_count\", \"arguments\": {}}]<|eot_id|>", List.of("get_{}_count"));
        expected.put("[{\"name\": 5, \"arguments\": {}}]", List.of("5"));
        expected.put("[{\"name\": \"var_result\", \"arguments\": {}, \"label\": \"a\"}, {\"name\": \"g\", \"arguments\": {}, \"label\": \"b\"}]", List.of("g"));
        expected.put("[{\"name\": \"f\", \"arguments\": \"x\"}]", List.of("f"));
        expected.put("[{\"name\": \"f\", \"arguments\": \"x\", \"label\": \"l\"}]", List.of());
        expected.put("[{\"name\": \"f\", \"parameters\": {\"a\": 1}, \"label\": \"l\"}]", List.of("f"));
        expected.put("[{\"name\": \"f\", \"arguments\": {}, \"label\": 3}]", List.of());
        expected.put("[\"get_percentage_most_common_bond_type\"]", List.of());
        expected.put("see [ and {\"name\": \"f\"}", List.of(""));
        expected.put("x [ " + f, List.of(""));
        expected.put(f + " ][", List.of("f"));
        expected.put("{\"tool_calls\": [" + f + "]}", List.of(""));
        expected.put("[{\"name\": \"f\", \"arguments\": {\"a\": \"tab\there\"}}]", List.of());
        expected.put("[{\"name\": \"f\", \"arguments\": {\"a\": NaN}}]", List.of("f"));
        expected.put("```json\n[" + f + "]\n```\n```json\n[" + g + "]\n```", List.of());
        expected.put("[{\"name\": \"f\\_g\", \"arguments\": {}}]", List.of("f_g"));
        expected.put("{}", List.of(""));
        expected.put("{\"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}", List.of(""));
        expected.put("I cannot answer this.", List.of());
        expected.forEach((out, names) -> assertThat(namesAsScored(chain.parse(out))).as(out).isEqualTo(names));
    }

    @Test
    void endOfTextIsRemovedFromNamesAsTheScorerReadsThem() {
        assertThat(chain.parse("[{\"name\": \"f<|endoftext|>\", \"arguments\": {}}]").calls()).extracting(ToolCall::name).containsExactly("f");
    }

    /** A profile's {@code parser: [ibm-reference]} selects the mode, which reads the output as written. */
    @Test
    void aProfileCanNameTheModeAndSpecialTokensReachItsReaders() {
        ParserChain fromProfile = ParserChains.forProfile(List.of(ParserChains.IBM_REFERENCE));
        assertThat(fromProfile.name()).isEqualTo("ibm-reference");
        // the span from [TOOL_CALLS] to the last ] is no JSON, nor is "{f}, {g}" as JSON Lines: the reference reads nothing
        String out = "[TOOL_CALLS][{\"name\": \"f\", \"arguments\": {}}, {\"name\": \"g\", \"arguments\": {}}]";
        assertThat(namesAsScored(fromProfile.parse(out))).isEqualTo(List.of());
        assertThat(namesAsScored(ParserChains.defaultChain().parse(out))).containsExactly("f", "g");
    }

    /** The predicted names as the scorer sees them, a malformed item as the reference's empty name. */
    private static List<String> namesAsScored(ParsedOutput p) {
        List<String> names = new ArrayList<>(p.calls().stream().map(ToolCall::name).toList());
        for (int i = 0; i < p.malformedItems(); i++) {
            names.add("");
        }
        return names;
    }
}
