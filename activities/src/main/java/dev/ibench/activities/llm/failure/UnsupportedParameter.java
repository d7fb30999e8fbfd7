package dev.ibench.activities.llm.failure;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads from a 400/422 body the request parameter a server says it does not take, e.g. OpenAI's
 * {@code {"error": {"message": "Unsupported parameter: 'max_tokens' is not supported with this model. Use
 * 'max_completion_tokens' instead.", "param": "max_tokens", "code": "unsupported_parameter"}}}. Only parameters ibench
 * sends with every request count: an unknown word in an error message is not the profile's setting.
 */
public final class UnsupportedParameter {
    /**
     * The request settings {@code OpenAiClient} sends the same way with every request of a profile. Not among them: the
     * sample's tools and response schema (a server may refuse one sample's, which rejects only that item).
     */
    static final List<String> SENT = List.of("max_completion_tokens", "max_tokens", "temperature", "top_p", "seed", "frequency_penalty",
            "reasoning_effort", "chat_template_kwargs", "enable_thinking", "skip_special_tokens", "stop");
    /** Parameters whose name is also a plain word: in a body that is not JSON naming them, they count only quoted ('stop'). */
    private static final List<String> PLAIN_WORDS = List.of("stop");
    private static final Pattern SAYS_UNSUPPORTED = Pattern.compile(
            "(?i)unsupported[ _](?:parameter|value|argument)|not supported|unrecognized (?:request )?argument|unknown (?:parameter|field|argument)"
                    + "|extra[ _](?:inputs?|fields?|forbidden)|not permitted|does not support");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_]+");
    /** How {@link HttpFailureClassifier} names the parameter a server refused. */
    private static final Pattern REFUSED_PARAMETER = Pattern.compile("request parameter '([A-Za-z_]+)'");

    private UnsupportedParameter() {}

    static Optional<String> named(String body) {
        if (body == null || !SAYS_UNSUPPORTED.matcher(body).find()) {
            return Optional.empty();
        }
        try {
            JsonNode param = Json.MAPPER.readTree(body).path("error").path("param");
            if (param.isTextual() && SENT.contains(param.asText())) {
                return Optional.of(param.asText());
            }
        } catch (Exception notJson) {
            // plain-text error bodies are read below
        }
        Matcher m = NAME.matcher(body);
        while (m.find()) {
            if (SENT.contains(m.group()) && (!PLAIN_WORDS.contains(m.group()) || quoted(body, m.start(), m.end()))) {
                return Optional.of(m.group());
            }
        }
        return Optional.empty();
    }

    private static boolean quoted(String body, int start, int end) {
        return start > 0 && end < body.length() && "'\"`".indexOf(body.charAt(start - 1)) >= 0 && body.charAt(end) == body.charAt(start - 1);
    }

    /**
     * A parameter the server refuses is the profile's configuration error: {@code refused} (an
     * {@link ErrorKind#UNSUPPORTED_PARAMETER} failure) again, its message naming the profile and the setting to change.
     */
    public static ModelCallException asProfileError(String profileName, ModelCallException refused) {
        Matcher named = REFUSED_PARAMETER.matcher(refused.getMessage());
        String param = named.find() ? named.group(1) : "?";
        String fix = switch (param) {
            case "max_tokens" -> "set token_limit_parameter: max_completion_tokens";
            case "max_completion_tokens" -> "set token_limit_parameter: max_tokens";
            case "temperature" -> "set send_temperature: false";
            case "stop" -> "remove stop";
            case "reasoning_effort", "chat_template_kwargs", "enable_thinking" -> "remove reasoning_effort or set the profile's 'server' kind";
            default -> "remove the setting that sends it";
        };
        return new ModelCallException(refused.kind(), refused.endpoint(), refused.httpStatus().orElse(null), null, "model profile " + profileName
                + ": configuration error, the server refuses parameter '" + param + "' (" + fix + "): " + refused.getMessage(), null);
    }
}
