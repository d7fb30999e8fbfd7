package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The default chain on the two output shapes where it parsed differently from the seed authors' scorer (issue 30 item
 * 8; outputs written for this test in the shape of a Llama model's SEL answers): (a) one call whose argument holds an
 * inner object of another shape, then a stray quote; (b) a call, prose saying it is not enough, other calls.
 */
class CallsAmongProseTest {
    private final ParserChain chain = ParserChains.defaultChain();

    @Test
    void patternAOuterCallIsKeptNotItsInnerEmptyArgumentList() {
        String out = "{\"type\": \"function\", \"name\": \"compute_data_max\", \"parameters\": {\"data_source\": "
                + "{\"function_name\": \"get_superhero_weights\", \"args\": []}}}'";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.stage()).isEqualTo("json");
        assertThat(p.calls()).containsExactly(new ToolCall("compute_data_max",
                Map.of("data_source", Map.of("function_name", "get_superhero_weights", "args", List.of())), null));
    }

    @Test
    void patternAWithNestedCallsAndANonEmptyInnerListIsOneCallNotAWrongFormat() {
        String out = "{\"type\": \"function\", \"name\": \"select_data_equal_to\", \"parameters\": {\"key_name\": \"publisher_name\", "
                + "\"value\": \"DC Comics\", \"data_source\": {\"type\": \"function\", \"name\": \"select_data_less_than\", \"parameters\": "
                + "{\"key_name\": \"weight_kg\", \"value\": 90, \"data_source\": {\"function_name\": \"get_superhero_names\", \"args\": [\"all\"]}}}}}'";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.calls()).extracting(ToolCall::name).containsExactly("select_data_equal_to");
        assertThat(p.malformedItems()).isZero();
    }

    @Test
    void patternBACallThenProseThenAListOfCallsIsNotReadAsCalls() {
        String llamaThenPlain = "{\"type\": \"function\", \"name\": \"get_superhero_names\", \"parameters\": {}}' is not sufficient, "
                + "we also need to filter by eye colour.\n\n[{\"name\": \"select_data_equal_to\", \"arguments\": {\"key_name\": \"eye_colour\", "
                + "\"value\": \"Blue\"}, \"label\": \"$var_1\"}, {\"name\": \"get_superhero_names\", \"arguments\": {}, \"label\": \"$var_2\"}]";
        String llamaThenLlama = "{\"type\": \"function\", \"name\": \"select_data_equal_to\", \"parameters\": {\"key_name\": \"height_cm\", "
                + "\"value\": [180]}}' is incorrect.\n\nHere is the correct version:\n\n[{\"type\": \"function\", \"name\": \"select_data_greater_than\", "
                + "\"parameters\": {\"key_name\": \"height_cm\", \"value\": 180}}, {\"type\": \"function\", \"name\": \"compute_data_count\", \"parameters\": {}}]";
        for (String out : List.of(llamaThenPlain, llamaThenLlama)) {
            ParsedOutput p = chain.parse(out);
            assertThat(p.status()).as(out).isEqualTo(ParseStatus.UNPARSEABLE);
            assertThat(p.calls()).isEmpty();
        }
    }

    @Test
    void separatorsWithoutWordsStillJoinCallsAndProseAroundOneBlockIsStillIgnored() {
        String separated = "{\"type\": \"function\", \"name\": \"f\", \"parameters\": {}}\";\n'{\"type\": \"function\", \"name\": \"g\", \"parameters\": {}}'";
        assertThat(chain.parse(separated).calls()).extracting(ToolCall::name).containsExactly("f", "g");
        String around = "Here are the calls: {\"type\": \"function\", \"name\": \"f\", \"parameters\": {\"ids\": [1]}} Hope this helps.";
        assertThat(chain.parse(around).calls()).extracting(ToolCall::name).containsExactly("f");
    }

    @Test
    void theSpanThatOpensSecondIsStillReadWhenNoCallStandsOutsideIt() {
        ParsedOutput p = chain.parse("I use {the filter}: [{\"name\": \"f\", \"arguments\": {}}]");
        assertThat(p.stage()).isEqualTo("json");
        assertThat(p.calls()).extracting(ToolCall::name).containsExactly("f");
    }
}
