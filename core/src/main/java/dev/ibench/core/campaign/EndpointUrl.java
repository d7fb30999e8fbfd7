package dev.ibench.core.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks an endpoint URL of a campaign file or profile before anything is stored: it must be http(s) (a
 * {@code file://} or {@code ftp://} endpoint can only fail every item later) and must not carry a credential, neither
 * as {@code user:password@} nor as a key-like query parameter, since the URL is stored with the campaign and shown in
 * reports. Keys belong in the environment variable {@code api_key_env} names. Messages never repeat the credential.
 */
public final class EndpointUrl {
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "(api[-_]?key|key|access[-_]?token|token|auth|authorization|password|passwd|pwd|secret|client[-_]?secret|sig|signature"
                    + "|.*[-_](key|token|secret|password))");

    /** scheme, authority, path, query (RFC 3986's split, without java.net: core does no networking). */
    private static final Pattern URL = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)([^?#]*)(?:\\?([^#]*))?(?:#.*)?");

    private EndpointUrl() {}

    /** The problem of {@code url} given as {@code field}, or empty when it is a credential-free http(s) URL. */
    public static Optional<String> problem(String field, String url) {
        Matcher m = URL.matcher(url.strip());
        if (!m.matches()) {
            return Optional.of(field + ": not a URL; give an http:// or https:// URL");
        }
        String scheme = m.group(1).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.of(field + ": '" + scheme + "://' endpoints are not served; give an http:// or https:// URL");
        }
        String authority = m.group(2);
        int at = authority.lastIndexOf('@');
        String hostPort = at < 0 ? authority : authority.substring(at + 1);
        if (hostPort.isEmpty() || hostPort.startsWith(":")) {
            return Optional.of(field + ": " + scheme + " URL without a host");
        }
        String shown = scheme + "://" + hostPort;
        if (at >= 0) {
            return Optional.of(field + ": " + shown + " carries credentials (user:password@ before the host); remove them and "
                    + "name the environment variable that holds the key with api_key_env (the URL is stored with the campaign)");
        }
        List<String> secrets = new ArrayList<>();
        if (m.group(4) != null) {
            for (String pair : m.group(4).split("&")) {
                String name = pair.split("=", 2)[0].toLowerCase(Locale.ROOT);
                if (SECRET_PARAMETER.matcher(name).matches()) {
                    secrets.add(name);
                }
            }
        }
        if (!secrets.isEmpty()) {
            return Optional.of(field + ": " + shown + " carries a credential in its query (" + String.join(", ", secrets)
                    + "); remove it and name the environment variable that holds the key with api_key_env (the URL is stored "
                    + "with the campaign)");
        }
        return Optional.empty();
    }
}
