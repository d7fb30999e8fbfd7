package dev.ibench.core.react;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.ibench.core.parse.ReasoningSeparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one model turn in the seed's ReACT format (000 appendix G.1). The text is cut at the first
 * {@code Observation:} line the model invented (observations come from the tools, not the model). An
 * {@code Action:} with its {@code Action Input:} JSON object wins over a {@code Final Answer:} written after
 * it (one action at a time); otherwise a {@code Final Answer:} ends the trajectory. The Action Input is read
 * leniently (single quotes, trailing commas, unquoted keys, code fences). Anything else is
 * {@link ReactTurn.Unparsable} with a message that tells the agent the expected format.
 */
public final class ReactTurnParser {
    private static final Pattern OBSERVATION = Pattern.compile("(?m)^\\s*Observation\\s*:");
    private static final Pattern THOUGHT = Pattern.compile("(?is)^\\s*(?:Thought\\s*:)?\\s*(.*?)\\s*(?=^\\s*(?:Action|Final Answer)\\s*:|\\z)",
            Pattern.MULTILINE);
    private static final Pattern ACTION = Pattern.compile("(?im)^\\s*Action\\s*:[ \\t]*(.*)$");
    private static final Pattern ACTION_INPUT = Pattern.compile("(?im)^\\s*Action\\s*Input\\s*:");
    private static final Pattern FINAL_ANSWER = Pattern.compile("(?im)^\\s*Final\\s*Answer\\s*:");
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]*");
    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
            .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private ReactTurnParser() {}

    /** Parses a step's text after taking its reasoning out ({@code <think>} blocks, harmony analysis): drafts there are never actions. */
    public static ReactTurn parse(String modelText) {
        String text = cutAtObservation(ReasoningSeparator.split(modelText == null ? "" : modelText.replace("\r\n", "\n")).answer());
        String thought = thought(text);
        Matcher action = ACTION.matcher(text);
        if (action.find()) {
            return parseAction(text, action, thought);
        }
        Matcher fin = FINAL_ANSWER.matcher(text);
        if (fin.find()) {
            String answer = text.substring(fin.end()).strip();
            if (answer.isEmpty()) {
                return new ReactTurn.Unparsable(thought, "'Final Answer:' is empty");
            }
            return new ReactTurn.FinalAnswer(thought, answer);
        }
        if (text.isBlank()) {
            return new ReactTurn.Unparsable(thought, "the response is empty");
        }
        return new ReactTurn.Unparsable(thought, "found neither 'Action:' nor 'Final Answer:'");
    }

    private static ReactTurn parseAction(String text, Matcher action, String thought) {
        String nameText = action.group(1).strip().replaceAll("^[`'\"*]+", "");
        Matcher name = TOOL_NAME.matcher(nameText);
        if (nameText.isEmpty() || !name.lookingAt()) {
            return new ReactTurn.Unparsable(thought, "'Action:' names no tool");
        }
        String tool = name.group();
        Matcher input = ACTION_INPUT.matcher(text);
        if (!input.find(action.end())) {
            return new ReactTurn.Unparsable(thought, "'Action: " + tool + "' has no 'Action Input:'");
        }
        String rest = text.substring(input.end());
        Matcher fin = FINAL_ANSWER.matcher(rest);
        if (fin.find()) {
            rest = rest.substring(0, fin.start());
        }
        Object args = readObject(rest);
        if (!(args instanceof Map<?, ?> map)) {
            return new ReactTurn.Unparsable(thought, "the 'Action Input:' of " + tool + " is not a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> arguments = (Map<String, Object>) map;
        return new ReactTurn.Action(thought, tool, arguments);
    }

    /** The first balanced {...} block of the text, read as lenient JSON; null when there is none or it does not read. */
    private static Object readObject(String text) {
        int open = text.indexOf('{');
        if (open < 0) {
            return null;
        }
        int close = matchingBrace(text, open);
        if (close < 0) {
            return null;
        }
        try (JsonParser parser = LENIENT.createParser(text.substring(open, close + 1))) {
            return LENIENT.readValue(parser, Object.class);
        } catch (Exception e) {
            return null;
        }
    }

    private static int matchingBrace(String text, int open) {
        int depth = 0;
        char quote = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static String cutAtObservation(String text) {
        Matcher m = OBSERVATION.matcher(text);
        return m.find() ? text.substring(0, m.start()) : text;
    }

    private static String thought(String text) {
        Matcher m = THOUGHT.matcher(text);
        return m.find() ? m.group(1).strip() : "";
    }
}
