package dev.ibench.activities.llm.failure;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * Turns HTTP statuses and I/O failures into {@link ModelCallException}s: timeouts, connection failures,
 * 429 (with its {@code Retry-After}), 5xx but 501 and 505, and unreadable bodies are retryable; 400, 401, 402, 403, 404,
 * 501, 505, 3xx redirects (never followed: a configuration error) and context-length errors are not. Control characters of quoted server text are escaped. Any other 4xx (413, 422, ...) is a refusal of this request, quoted with its reason. Server text is redacted of the API key and shortened before it is quoted.
 */
public final class HttpFailureClassifier {
    private static final Pattern CONTEXT_LENGTH = Pattern.compile(
            "context[_ ]length|maximum context|context window|too many tokens|prompt is too long|exceeds the max"
                    + "|exceeds the available context size|exceed_context_size_error", // llama.cpp's llama-server
            Pattern.CASE_INSENSITIVE);
    private static final int MAX_QUOTED = 300;

    private HttpFailureClassifier() {}

    public static ModelCallException fromStatus(String endpoint, int status, String reason, String body, String retryAfterHeader, Credential key) {
        String quoted = quote(key.redact(body));
        String cause = "HTTP " + status + (reason == null || reason.isBlank() ? "" : " " + reason) + (quoted.isEmpty() ? "" : ": " + quoted);
        ErrorKind kind;
        Duration retryAfter = null;
        if (status == 429) {
            kind = ErrorKind.RATE_LIMITED;
            retryAfter = parseRetryAfter(retryAfterHeader);
        } else if (status == 501 || status == 505) {
            kind = ErrorKind.UNSUPPORTED; // Not Implemented / HTTP Version Not Supported: asking again gets the same answer
            cause += " (the server does not implement this request: check base_url and api)";
        } else if (status >= 500) {
            kind = ErrorKind.SERVER_ERROR;
            retryAfter = parseRetryAfter(retryAfterHeader);
        } else if ((status == 400 || status == 413 || status == 422) && body != null && CONTEXT_LENGTH.matcher(body).find()) {
            kind = ErrorKind.CONTEXT_LENGTH;
        } else if ((status == 400 || status == 422) && UnsupportedParameter.named(body).isPresent()) {
            kind = ErrorKind.UNSUPPORTED_PARAMETER;
            cause = "the server does not accept the request parameter '" + UnsupportedParameter.named(body).get() + "' (" + cause + ")";
        } else if (status == 401) {
            kind = ErrorKind.UNAUTHORIZED;
            cause += key.present() ? " (check the key in the profile's api_key_env variable)" : " (the profile names no api_key_env)";
        } else if (status == 402) {
            kind = ErrorKind.QUOTA_EXCEEDED;
            cause += " (quota or billing exhausted: the endpoint refuses further requests)";
        } else if (status == 403) {
            kind = ErrorKind.FORBIDDEN;
        } else if (status == 404) {
            kind = ErrorKind.NOT_FOUND;
            cause += " (check base_url and model)";
        } else if (status == 408) {
            kind = ErrorKind.TIMEOUT;
        } else {
            kind = ErrorKind.BAD_REQUEST;
        }
        return new ModelCallException(kind, endpoint, status, retryAfter, ModelCallException.describe(kind, endpoint, cause), null);
    }

    /**
     * A 3xx answer: redirects are not followed (the prompt would go to an address the profile does not name), so the
     * endpoint is misconfigured, as with a 404: not retryable, naming the status and where it pointed.
     */
    public static ModelCallException redirected(String endpoint, int status, String reason, String location, Credential key) {
        String cause = "HTTP " + status + (reason == null || reason.isBlank() ? "" : " " + reason) + " redirects to "
                + (location == null || location.isBlank() ? "no Location" : quote(key.redact(location)))
                + " (redirects are not followed: set base_url to the address that answers)";
        return new ModelCallException(ErrorKind.CONFIGURATION, endpoint, status, null,
                ModelCallException.describe(ErrorKind.CONFIGURATION, endpoint, cause), null);
    }

    public static ModelCallException fromIo(String endpoint, IOException e, Credential key) {
        boolean timeout = e instanceof SocketTimeoutException
                || (e instanceof InterruptedIOException && String.valueOf(e.getMessage()).toLowerCase().contains("timeout"));
        ErrorKind kind = timeout ? ErrorKind.TIMEOUT : ErrorKind.CONNECTION;
        String cause = e.getClass().getSimpleName() + ": " + key.redact(String.valueOf(e.getMessage()));
        // the cause chain is dropped on purpose: library exceptions are not checked for secrets
        return new ModelCallException(kind, endpoint, null, null, ModelCallException.describe(kind, endpoint, cause), null);
    }

    public static ModelCallException malformed(String endpoint, String problem, String body, Credential key) {
        String cause = problem + (body == null ? "" : " (body starts: " + quote(key.redact(body)) + ")");
        return new ModelCallException(ErrorKind.MALFORMED_RESPONSE, endpoint, 200, null,
                ModelCallException.describe(ErrorKind.MALFORMED_RESPONSE, endpoint, cause), null);
    }

    public static ModelCallException tooLarge(String endpoint, long limitBytes) {
        String cause = "the response body is larger than " + limitBytes + " bytes, the most this client reads";
        return new ModelCallException(ErrorKind.RESPONSE_TOO_LARGE, endpoint, 200, null,
                ModelCallException.describe(ErrorKind.RESPONSE_TOO_LARGE, endpoint, cause), null);
    }

    static Duration parseRetryAfter(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String h = header.trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(h)));
        } catch (NumberFormatException notSeconds) {
            try {
                Duration d = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(h, DateTimeFormatter.RFC_1123_DATE_TIME));
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException notDate) {
                return null;
            }
        }
    }

    private static String quote(String text) {
        if (text == null) {
            return "";
        }
        String oneLine = ControlCharacters.escape(text.replaceAll("\\s+", " ").strip());
        return oneLine.length() <= MAX_QUOTED ? oneLine : oneLine.substring(0, MAX_QUOTED) + "...";
    }
}
