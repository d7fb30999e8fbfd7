package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A failing agentic entry's score line in the shape of bfcl-eval 2026.3.23's {@code _evaluate_single_agentic_entry}
 * (eval_runner.py): the expected lines are written out by hand from its three return statements.
 */
class BfclAgenticScoreLineTest {
    private static final List<String> ANSWERS = List.of("Mukesh Ambani", "Ambani");

    private static BfclAgenticScoreLine line() {
        Map<String, Object> prompt = new LinkedHashMap<>();
        prompt.put("id", "web_search_base_3");
        Map<String, Object> message = new LinkedHashMap<>(); // in the order the entry's message has its keys
        message.put("role", "user");
        message.put("content", "Who?");
        prompt.put("question", List.of(List.of(message)));
        return new BfclAgenticScoreLine("m", "web_search_base", "web_search_base_3", prompt, ANSWERS);
    }

    @Test
    void anAnswerNotFoundKeepsTheCheckersDetailsTheQuestionAndTheLastMessage() throws Exception {
        Map<String, Object> f = line().failed("agentic:answer_not_found",
                List.of("[search_engine_query(keywords='tea')]", "{'answer': 'I do not know', 'context': 'I do not know'}"),
                List.of(List.of("search_engine_query(keywords='tea')"), List.of()));
        assertThat(Json.MAPPER.writeValueAsString(f)).isEqualTo("{\"id\":\"web_search_base_3\",\"model_name\":\"m\",\"test_category\":\"web_search_base\","
                + "\"valid\":false,\"error\":{\"error_message\":\"None of the expected answers were found in the model response.\","
                + "\"error_type\":\"agentic:answer_not_found\",\"details\":{\"model_response\":\"{'answer': 'I do not know', 'context': 'I do not know'}\","
                + "\"possible_answers\":[\"Mukesh Ambani\",\"Ambani\"],"
                + "\"standardized_model_response\":\"{\\\"answer\\\": \\\"i do not know\\\" \\\"context\\\": \\\"i do not know\\\"}\","
                + "\"standardized_possible_answers\":[\"mukesh ambani\",\"ambani\"]}},"
                + "\"prompt\":[[{\"role\":\"user\",\"content\":\"Who?\"}]],"
                + "\"model_result_raw\":[[\"[search_engine_query(keywords='tea')]\",\"{'answer': 'I do not know', 'context': 'I do not know'}\"]],"
                + "\"last_non_fc_message\":\"{'answer': 'I do not know', 'context': 'I do not know'}\","
                + "\"possible_answer\":[\"Mukesh Ambani\",\"Ambani\"],\"inference_log\":\"\"}");
    }

    @Test
    void noLastMessageKeepsTheWholePromptAndTheDecodedCalls() throws Exception {
        Map<String, Object> f = line().failed("agentic:no_last_message", List.of("[a()]", "[b(x=1)]"), List.of(List.of("a()"), List.of("b(x=1)")));
        assertThat(Json.MAPPER.writeValueAsString(f)).isEqualTo("{\"id\":\"web_search_base_3\",\"model_name\":\"m\",\"test_category\":\"web_search_base\","
                + "\"valid\":false,\"error\":{\"error_message\":[\"Cannot find the last chat message that is not a function call.\"],"
                + "\"error_type\":\"agentic:no_last_message\"},"
                + "\"prompt\":{\"id\":\"web_search_base_3\",\"question\":[[{\"role\":\"user\",\"content\":\"Who?\"}]]},"
                + "\"model_result\":[[\"[a()]\",\"[b(x=1)]\"]],\"model_result_decoded\":[[\"a()\"],[\"b(x=1)\"]],"
                + "\"possible_answer\":[\"Mukesh Ambani\",\"Ambani\"],\"inference_log\":\"\"}");
    }

    @Test
    void anEntryWithoutAConversationIsAnInferenceError() throws Exception {
        Map<String, Object> f = line().inferenceError("Error during inference: rejected");
        assertThat(Json.MAPPER.writeValueAsString(f)).isEqualTo("{\"id\":\"web_search_base_3\",\"model_name\":\"m\",\"test_category\":\"web_search_base\","
                + "\"valid\":false,\"error\":{\"error_message\":[\"Error during inference phase. Model did not output a list of model responses.\"],"
                + "\"error_type\":\"agentic:inference_error\"},"
                + "\"prompt\":{\"id\":\"web_search_base_3\",\"question\":[[{\"role\":\"user\",\"content\":\"Who?\"}]]},"
                + "\"model_result\":\"Error during inference: rejected\",\"possible_answer\":[\"Mukesh Ambani\",\"Ambani\"],\"inference_log\":\"\"}");
    }
}
