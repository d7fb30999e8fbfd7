package dev.ibench.core.react;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReactTurnParserTest {
    @Test
    void readsThoughtActionAndJsonInput() {
        ReactTurn turn = ReactTurnParser.parse(" I should filter the heroes.\nAction: filter_data\nAction Input: {\"data_source\": \"$starting_table_var$\", \"value\": 3}\n");
        assertThat(turn).isInstanceOf(ReactTurn.Action.class);
        ReactTurn.Action a = (ReactTurn.Action) turn;
        assertThat(a.thought()).isEqualTo("I should filter the heroes.");
        assertThat(a.tool()).isEqualTo("filter_data");
        assertThat(a.arguments()).containsEntry("data_source", "$starting_table_var$").containsEntry("value", 3);
    }

    @Test
    void actionInputIsReadLenientlyAndAnInventedObservationIsCut() {
        ReactTurn turn = ReactTurnParser.parse("Thought: x\nAction: `sort_data`\nAction Input:\n```json\n{'key_name': 'a', 'ascending': true,}\n```\n"
                + "Observation: made up\nThought: I now know the final answer\nFinal Answer: 7");
        assertThat(turn).isEqualTo(new ReactTurn.Action("x", "sort_data", Map.of("key_name", "a", "ascending", true)));
    }

    @Test
    void finalAnswer() {
        ReactTurn turn = ReactTurnParser.parse(" I now know the final answer\nFinal Answer: [\"Agility\", \"Stamina\"]");
        assertThat(turn).isEqualTo(new ReactTurn.FinalAnswer("I now know the final answer", "[\"Agility\", \"Stamina\"]"));
    }

    @Test
    void problemsAreNamed() {
        assertThat(problem("")).isEqualTo("the response is empty");
        assertThat(problem("I think the answer is 42")).contains("neither 'Action:' nor 'Final Answer:'");
        assertThat(problem("Action: filter_data\n")).contains("has no 'Action Input:'");
        assertThat(problem("Action: filter_data\nAction Input: data_source=x")).contains("is not a JSON object");
        assertThat(problem("Action:\nAction Input: {}")).contains("names no tool");
        assertThat(problem("Final Answer:   ")).contains("empty");
    }

    @Test
    void parseFailureBecomesAnObservationTheAgentCanAct() {
        ReactStep step = ReactStep.of(2, "blah");
        assertThat(step.isParseFailure()).isTrue();
        assertThat(step.observation()).startsWith("Invalid format: found neither").contains("'Action Input:'");
        assertThat(step.call()).isNull();
    }

    private static String problem(String text) {
        ReactTurn turn = ReactTurnParser.parse(text);
        assertThat(turn).isInstanceOf(ReactTurn.Unparsable.class);
        return ((ReactTurn.Unparsable) turn).problem();
    }
}
