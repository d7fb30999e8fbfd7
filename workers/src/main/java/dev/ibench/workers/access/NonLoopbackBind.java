package dev.ibench.workers.access;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * The rule every served HTTP endpoint of ibench follows (tool servers, {@code /metrics}): it binds a non-loopback
 * address only with a bearer token, since anyone who can reach that address could otherwise use it.
 */
public final class NonLoopbackBind {
    private NonLoopbackBind() {}

    /** Whether {@code host} is a loopback address (the default bind). */
    public static boolean isLoopback(String host) throws UnknownHostException {
        return InetAddress.getByName(host).isLoopbackAddress();
    }

    /**
     * Why {@code host} may not be bound with {@code access}, or empty when it may.
     *
     * @param use         what a stranger could do, e.g. "call the tools"
     * @param tokenOption the option that names the token's environment variable, e.g. {@code --token-env}
     */
    public static Optional<String> refusal(String host, ServedAccess access, String use, String tokenOption) throws UnknownHostException {
        if (isLoopback(host) || access.token() != null) {
            return Optional.empty();
        }
        return Optional.of("refusing to bind " + host + ", a non-loopback address, without a token: anyone who can reach it could " + use
                + ". Set a token in an environment variable and pass " + tokenOption + " NAME, or bind 127.0.0.1");
    }
}
