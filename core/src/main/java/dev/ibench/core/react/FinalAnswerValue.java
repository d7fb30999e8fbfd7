package dev.ibench.core.react;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.runtime.AnswerShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns the text after {@code Final Answer:} into candidate answer values and compares them with the gold
 * answer through the runtime's comparison ({@link SequenceExecutor#matchesGold}: rows unfolded, numbers within
 * 1e-6, order only when the SQL orders). Candidates, first match wins: the text read as JSON (single quotes
 * allowed; a leading {@code $LABEL$:}, {@code HTTP <status>:} or code fence removed), and when that JSON is a REST
 * response body ({@code {"rows": [[...], ...], ...}}) its rows folded as gold answers are; a number; the plain text.
 */
public final class FinalAnswerValue {
    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private FinalAnswerValue() {}

    public static boolean matchesGold(SequenceExecutor executor, EvalSample sample, String finalAnswer) {
        for (Object candidate : candidates(finalAnswer)) {
            if (executor.matchesGold(sample, candidate)) {
                return true;
            }
        }
        return false;
    }

    public static List<Object> candidates(String finalAnswer) {
        List<Object> out = new ArrayList<>();
        if (finalAnswer == null) {
            return out;
        }
        String text = unwrap(finalAnswer);
        Object json = readJson(text);
        if (json != null) {
            out.add(json);
            Object rows = json instanceof Map<?, ?> body ? body.get("rows") : null;
            if (rows instanceof List<?> list && list.stream().allMatch(r -> r instanceof List<?>)) {
                out.add(AnswerShape.fold(rowsOf(list))); // an HTTP response body given back as the answer: its rows
            }
        }
        String number = text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
        try {
            out.add(number.matches("[-+]?\\d+") ? (Object) Long.parseLong(number) : (Object) Double.parseDouble(number));
        } catch (NumberFormatException notANumber) {
            // not a number: the plain text below is the candidate
        }
        out.add(text);
        return out;
    }

    @SuppressWarnings("unchecked")
    private static List<List<Object>> rowsOf(List<?> rows) {
        return (List<List<Object>>) (List<?>) rows;
    }

    private static String unwrap(String answer) {
        String s = answer.strip();
        if (s.startsWith("```")) {
            s = s.replaceAll("^```[A-Za-z]*\\s*", "").replaceAll("\\s*```$", "");
        }
        return ReactObservations.valueText(s);
    }

    private static Object readJson(String text) {
        try (JsonParser parser = LENIENT.createParser(text)) {
            Object value = LENIENT.readValue(parser, Object.class);
            return parser.nextToken() == null ? value : null;
        } catch (Exception e) {
            return null;
        }
    }
}
