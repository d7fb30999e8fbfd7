package dev.ibench.core.rest;

import dev.ibench.core.json.Json;
import java.util.List;

/**
 * The LLM judge's prompt, the seed's appendix E.2.2 nearly word for word: the gold rows of the SQL query as the
 * ground truth, the endpoint's response as the system's response, and a request for {@code yes} or {@code no} with
 * a rationale. Asked only when {@link JudgeEscalation} says the two differ in format, never for a plain mismatch.
 */
public final class LlmJudgePrompt {
    /** Large answers are cut: the judge compares content, and a prompt must fit small models' contexts. */
    static final int MAX_ANSWER_CHARS = 4000;

    private LlmJudgePrompt() {}

    public static String render(List<List<Object>> goldRows, EndpointResult response) {
        return "You are an expert grader. You have ground truth defined below\n"
                + cut(json(goldRows)) + "\n"
                + "and you have responses from a system defined below.\n"
                + cut(json(response.toJson())) + "\n\n"
                + "Check if the responses and ground truth match properly. It is not a string comparison. You may have to consider "
                + "parsing the output properly and look for the ground truth in the system response.\n"
                + "In many cases, the ground truth will just have one string but the response may have a long sentence and the ground "
                + "truth maybe \"in the\" response. So, carefully parse.\n"
                + "Respond back with a string saying \"yes\" and \"no\". \"yes\" would mean, the ground truth and system responses match up.\n"
                + "I am not expecting the format of the ground truth and the response from the system to match. It is okay if the data "
                + "is the same but format is different.\n"
                + "I am not looking for code. Just answer the question, no rambling. Stick to the string output only.\n"
                + "Remember, sometimes the data type may not match but the data between the ground truth and the response may match.\n"
                + "Separately, tell me the rationale for every decision you made.\n"
                + "Your output must be a comma separated string: decision, rationale\n"
                + "Note, it is okay if the output format and structure is different from the ground truth. As long as the content "
                + "matches, we are good.\n";
    }

    private static String json(Object o) {
        try {
            return Json.MAPPER.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return String.valueOf(o);
        }
    }

    private static String cut(String s) {
        return s.length() <= MAX_ANSWER_CHARS ? s : s.substring(0, MAX_ANSWER_CHARS) + " ... (cut at " + MAX_ANSWER_CHARS + " characters)";
    }
}
