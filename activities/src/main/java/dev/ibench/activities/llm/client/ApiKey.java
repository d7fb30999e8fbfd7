package dev.ibench.activities.llm.client;

import dev.ibench.activities.llm.failure.Credential;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import java.util.function.Function;

/**
 * An API key read from the environment variable a profile names. The value leaves this class only as
 * the Authorization header; {@link #toString()} shows the variable name, and {@link #redact} removes
 * the value from any text (e.g. a server error body that echoes it) before it reaches a message or log.
 */
public final class ApiKey implements Credential {
    private static final String MASK = "***";
    private final String envName;
    private final String value;

    private ApiKey(String envName, String value) {
        this.envName = envName;
        this.value = value;
    }

    public static ApiKey none() {
        return new ApiKey(null, null);
    }

    /** Reads the key; a named but unset variable is a configuration error naming the variable (not its value). */
    public static ApiKey fromEnvironment(String envName, Function<String, String> environment, String endpoint) {
        if (envName == null || envName.isBlank()) {
            return none();
        }
        String v = environment.apply(envName);
        if (v == null || v.isBlank()) {
            throw ModelCallException.of(ErrorKind.CONFIGURATION, endpoint, "environment variable " + envName + " (api_key_env) is not set");
        }
        return new ApiKey(envName, v.strip());
    }

    @Override
    public boolean present() {
        return value != null;
    }

    String authorizationHeader() {
        return "Bearer " + value;
    }

    @Override
    public String redact(String text) {
        if (text == null || value == null || value.isEmpty()) {
            return text;
        }
        return text.replace(value, MASK);
    }

    @Override
    public String toString() {
        return envName == null ? "ApiKey[none]" : "ApiKey[env=" + envName + ", value=" + MASK + "]";
    }
}
