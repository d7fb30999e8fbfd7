package dev.ibench.activities.llm.client;

import dev.ibench.activities.llm.ModelResponse;
import java.util.List;
import java.util.regex.Pattern;

/**
 * llama-server answers HTTP 500 when it cannot read the model's output as its chat format's message: a tool call whose
 * arguments are not JSON ({@code common/chat.cpp}: "Failed to parse tool call arguments as JSON") or text outside the
 * format's markers ("The model produced output that does not match the expected ... format"). That is the model's
 * answer, not a server fault: asking again would pay for the same answer (or, sampling, give the model a second try),
 * and counting it as an infrastructure error would hide the model's malformed call. Such a 500 becomes an answer with no
 * text and no call, finish reason {@link #FINISH_REASON}; the server does not return the text, so none is stored.
 */
final class ServerUnparsedAnswer {
    /** The finish reason of an answer the server could not parse. */
    static final String FINISH_REASON = "unparsed_by_server";
    private static final Pattern LLAMA_SERVER_PARSE_FAILURE = Pattern.compile(
            "Failed to parse tool call arguments as JSON|The model produced output that does not match the expected \\S+ format");

    private ServerUnparsedAnswer() {}

    /** Whether an HTTP error answer is llama-server's refusal to parse the model's output. */
    static boolean is(int status, String body) {
        return status == 500 && body != null && LLAMA_SERVER_PARSE_FAILURE.matcher(body).find();
    }

    /** The model's answer the server could not parse: no text, no call, its tokens unknown. */
    static ModelResponse answer(long latencyMillis) {
        return new ModelResponse("", List.of(), FINISH_REASON, 0, 0, latencyMillis, true);
    }
}
