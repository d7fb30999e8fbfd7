package dev.ibench.core.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A native ReACT agent's stored turns and the conversation its next step reads (issue 42 item 2). */
class NativeReactConversationTest {
    private static final Map<String, Object> GET_HEIGHT = Map.of("name", "get_height", "description", "height of a hero",
            "parameters", Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string"))));
    private static final EvalSample SAMPLE = new EvalSample("s1", "superhero", "How tall is Batman?", null, 188, List.of(), null,
            List.of(GET_HEIGHT), List.of());

    /** Compares a final answer with the gold 188; runs nothing. */
    private static final SequenceExecutor HEIGHT_188 = new SequenceExecutor() {
        @Override
        public ExecutionOutcome execute(EvalSample sample, List<ToolCall> calls) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean matchesGold(EvalSample sample, Object actual) {
            return actual instanceof Number n && n.doubleValue() == 188.0;
        }
    };

    @Test
    void aTurnWithCallsIsAnActionWhoseCallsAreLabelledInOrder() {
        String raw = NativeReactTurn.stored("Let me look.", List.of(new ChatToolCall("c1", "get_height", "{\"name\":\"Batman\"}"),
                new ChatToolCall("c2", "get_height", "[\"Robin\"]"), new ChatToolCall("c3", "get_height", "{\"name\":\"Robin\"}")));

        ReactStep step = ReactStep.of(4, raw);

        assertThat(step.isAction()).isTrue();
        assertThat(step.turn()).isInstanceOf(ReactTurn.NativeCalls.class);
        // the second call's arguments are not an object: not a call to run, the model's format error
        assertThat(step.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), "RESULT_4"),
                new ToolCall("get_height", Map.of("name", "Robin"), "RESULT_4_3"));
        assertThat(step.call()).isEqualTo(step.calls().get(0));
        assertThat(step.isParseFailure()).isTrue();
    }

    @Test
    void aTurnWithoutCallsIsTheFinalAnswerAndAnEmptyOneIsUnparsable() {
        assertThat(ReactStep.of(2, NativeReactTurn.stored(" 188 cm ", List.of())).turn()).isEqualTo(new ReactTurn.FinalAnswer("", "188 cm"));
        ReactStep empty = ReactStep.of(2, NativeReactTurn.stored("", List.of()));
        assertThat(empty.isParseFailure()).isTrue();
        assertThat(empty.isAction()).isFalse();
    }

    @Test
    void aTextAgentsOutputIsStillReadAsText() {
        ReactStep step = ReactStep.of(1, "Thought: t\nAction: get_height\nAction Input: {\"name\": \"Batman\"}");
        assertThat(step.turn()).isInstanceOf(ReactTurn.Action.class);
        assertThat(step.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), "RESULT_1"));
    }

    @Test
    void theNextStepReadsEarlierCallsAsAssistantToolCallsAndTheirResultsAsToolMessages() throws Exception {
        List<ChatToolCall> calls = List.of(new ChatToolCall("c1", "get_height", "{\"name\":\"Batman\"}"), new ChatToolCall(null, "get_height", "7"));
        ReactStep step1 = ReactStep.of(1, NativeReactTurn.stored("", calls))
                .withObservation(Json.MAPPER.writeValueAsString(List.of("$RESULT_1$: 188", "Error: the arguments of get_height are not a JSON object: 7")), true);
        ReactStep step2 = ReactStep.of(2, NativeReactTurn.stored("", List.of()));

        RenderedPrompt prompt = NativeReactConversation.forNextStep(SAMPLE, "", List.of(step1, step2), new ReactSettings(10, 1000));

        assertThat(prompt.messages()).containsExactly(
                ChatMessage.system(NativeReactConversation.INSTRUCTIONS),
                ChatMessage.user("How tall is Batman?"),
                ChatMessage.assistant("", List.of(new ChatToolCall("c1", "get_height", "{\"name\":\"Batman\"}"),
                        new ChatToolCall("call_1_2", "get_height", "7")), null),
                ChatMessage.tool("c1", "$RESULT_1$: 188"),
                ChatMessage.tool("call_1_2", "Error: the arguments of get_height are not a JSON object: 7"),
                ChatMessage.assistant(""),
                ChatMessage.user("Invalid reply: the response is empty: neither a tool call nor an answer. Call one of the tools, or reply with the answer."));
        assertThat(prompt.tools()).containsExactly(Map.of("type", "function", "function", Map.of("name", "get_height",
                "description", "height of a hero", "parameters", Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string"))))));
    }

    @Test
    void theStepZeroNoteFollowsTheQuestionAndObservationsAreCut() throws Exception {
        ReactStep step1 = ReactStep.of(1, NativeReactTurn.stored("", List.of(new ChatToolCall("c1", "get_height", "{}"))))
                .withObservation(Json.MAPPER.writeValueAsString(List.of("x".repeat(30))), true);

        RenderedPrompt prompt = NativeReactConversation.forNextStep(SAMPLE, "The data is loaded.", List.of(step1), new ReactSettings(10, 20));

        assertThat(prompt.messages().get(1)).isEqualTo(ChatMessage.user("How tall is Batman?\n\nThe data is loaded."));
        assertThat(prompt.messages().get(3)).isEqualTo(ChatMessage.tool("c1", "x".repeat(20) + " ... [truncated: 10 more characters]"));
    }

    @Test
    void everyCallOfANativeStepCountsForTheOutcome() throws Exception {
        ReactStep step1 = ReactStep.of(1, NativeReactTurn.stored("", List.of(new ChatToolCall("c1", "get_height", "{\"name\":\"Batman\"}"),
                new ChatToolCall("c2", "get_height", "{\"name\":\"Robin\"}")))).withObservation("[\"a\",\"b\"]", true);
        ReactStep step2 = ReactStep.of(2, NativeReactTurn.stored("188", List.of()));

        ReactOutcome outcome = ReactOutcomeClassifier.classify(SAMPLE, List.of(step1, step2), 10, HEIGHT_188);

        assertThat(outcome.end()).isEqualTo(ReactEnd.FINAL_ANSWER);
        assertThat(outcome.completed()).as("188 is the gold answer").isTrue();
        assertThat(outcome.loops()).isEqualTo(2);
        assertThat(outcome.calls()).extracting(ToolCall::label).containsExactly("RESULT_1", "RESULT_1_2");
        assertThat(outcome.parseFailures()).isZero();
        assertThat(outcome.toolErrors()).isZero();
    }
}
