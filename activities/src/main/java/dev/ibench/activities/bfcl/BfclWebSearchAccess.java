package dev.ibench.activities.bfcl;

import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import java.net.URI;
import java.util.Map;

/**
 * What the sandboxed BFCL runner of a web-search entry (backend {@code WebSearchAPI}) may reach, and with which key.
 * {@code apiKeyEnv} is the NAME of the worker's environment variable that holds the SerpAPI key (the campaign benchmark's
 * {@code api_key_env}, else the worker's setting {@value #KEY_ENV_SETTING}, else {@value #DEFAULT_KEY_ENV}): its value is read
 * when a web-search entry's process starts and put in that process's environment only, as {@code SERPAPI_API_KEY}
 * (the variable bfcl-eval's backend reads); it is never stored, logged or put in a message. {@code searchUrl} (null:
 * SerpAPI itself) replaces SerpAPI's endpoint, e.g. a local stand-in search server; a loopback one limits the process
 * to loopback hosts. A process of any other entry gets no network and no key.
 */
public record BfclWebSearchAccess(String apiKeyEnv, String searchUrl, Map<String, String> environment) {
    /** bfcl-eval's own name of the key variable, the default. */
    public static final String DEFAULT_KEY_ENV = "SERPAPI_API_KEY";
    /** The worker setting naming the key variable (default {@value #DEFAULT_KEY_ENV}). */
    public static final String KEY_ENV_SETTING = "IBENCH_BFCL_SEARCH_API_KEY_ENV";
    /** The worker setting (and the runner's variable) replacing SerpAPI's endpoint. */
    public static final String SEARCH_URL = "IBENCH_BFCL_SEARCH_URL";
    static final String NETWORK = "IBENCH_BFCL_NETWORK";
    private static final String BACKEND_KEY = "SERPAPI_API_KEY";

    /** The worker's settings: the key variable named by {@value #KEY_ENV_SETTING}, the endpoint by {@value #SEARCH_URL}. */
    public static BfclWebSearchAccess fromEnvironment(Map<String, String> environment) {
        String keyEnv = environment.getOrDefault(KEY_ENV_SETTING, "");
        String url = environment.getOrDefault(SEARCH_URL, "");
        return new BfclWebSearchAccess(keyEnv.isBlank() ? DEFAULT_KEY_ENV : keyEnv.trim(), url.isBlank() ? null : url.trim(), environment);
    }

    /**
     * The same access with the key read from the variable {@code keyEnv} (a campaign benchmark's {@code api_key_env});
     * null keeps the worker's setting.
     */
    public BfclWebSearchAccess withKeyEnv(String keyEnv) {
        return keyEnv == null || keyEnv.isBlank() ? this : new BfclWebSearchAccess(keyEnv.trim(), searchUrl, environment);
    }

    public static boolean isWebSearch(BfclMultiTurnEntry entry) {
        return entry.involvedClasses().contains(BfclWebSearchImporter.BACKEND);
    }

    /** Whether the key variable is set (non-blank) in the worker's environment. */
    public boolean hasKey() {
        String key = environment.get(apiKeyEnv);
        return key != null && !key.isBlank();
    }

    /**
     * Sets the network and the key of the runner process that serves {@code entry}: for a web-search entry the key and
     * network (loopback only when the endpoint is a loopback URL), for any other none; a web-search entry without the
     * key is refused with a sentence naming the variable.
     */
    void configure(Map<String, String> processEnvironment, BfclMultiTurnEntry entry) {
        processEnvironment.remove(BACKEND_KEY);
        processEnvironment.remove(SEARCH_URL);
        processEnvironment.put(NETWORK, "none");
        if (entry == null || !isWebSearch(entry)) {
            return;
        }
        if (!hasKey()) {
            throw new IllegalStateException("web-search entry " + entry.id() + " needs the SerpAPI key in the environment variable "
                    + apiKeyEnv + ", which is not set on this worker");
        }
        processEnvironment.put(BACKEND_KEY, environment.get(apiKeyEnv));
        if (searchUrl != null) {
            processEnvironment.put(SEARCH_URL, searchUrl);
            if (isLoopback(searchUrl)) {
                processEnvironment.put(NETWORK, "loopback");
                processEnvironment.put("NO_PROXY", "127.0.0.1,localhost,::1");
                processEnvironment.put("no_proxy", "127.0.0.1,localhost,::1");
                return;
            }
        }
        processEnvironment.put(NETWORK, "open");
    }

    static boolean isLoopback(String url) {
        String host;
        try {
            host = URI.create(url).getHost();
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (host == null) {
            return false;
        }
        host = host.replace("[", "").replace("]", "").toLowerCase(java.util.Locale.ROOT);
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }

    @Override
    public String toString() { // the environment holds the key's value: never print it
        return "BfclWebSearchAccess[apiKeyEnv=" + apiKeyEnv + ", searchUrl=" + searchUrl + "]";
    }
}
