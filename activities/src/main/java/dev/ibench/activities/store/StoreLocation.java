package dev.ibench.activities.store;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where the results store lives: a JDBC URL ({@code jdbc:postgresql:...} or {@code jdbc:sqlite:...}) or a
 * plain file path (SQLite), as given by the setting named {@code setting} (e.g. {@code IBENCH_STORE}). The
 * password never belongs here: it comes from {@code IBENCH_STORE_PASSWORD}; {@link #display()} drops any
 * {@code password} parameter a user put into the URL anyway.
 */
public record StoreLocation(String jdbcUrl, StoreDialect dialect, String setting) {

    public static StoreLocation sqliteFile(Path file, String setting) {
        return new StoreLocation(StoreDialect.SQLITE.urlPrefix() + file.toAbsolutePath().normalize(), StoreDialect.SQLITE, setting);
    }

    /** Parses a setting's value; anything that is neither a supported JDBC URL nor a path is rejected by name. */
    public static StoreLocation parse(String value, String setting) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(setting + " is empty: give a jdbc:postgresql: URL or a SQLite file path");
        }
        String v = value.trim();
        for (StoreDialect d : StoreDialect.values()) {
            if (v.startsWith(d.urlPrefix())) {
                if (d == StoreDialect.SQLITE) {
                    return sqliteFile(Path.of(v.substring(d.urlPrefix().length())), setting);
                }
                refuseUserPart(v, setting);
                return new StoreLocation(v, d, setting);
            }
        }
        if (v.startsWith("jdbc:")) {
            throw new IllegalArgumentException(setting + "=" + redact(v) + ": unsupported database; the results store runs on "
                    + "jdbc:postgresql://HOST:PORT/DB?user=USER (password from IBENCH_STORE_PASSWORD) or jdbc:sqlite:FILE");
        }
        if (v.contains("://")) {
            throw new IllegalArgumentException(setting + "=" + redact(v) + ": not a JDBC URL; write jdbc:postgresql://HOST:PORT/DB?user=USER");
        }
        return sqliteFile(Path.of(v), setting);
    }

    /**
     * {@code //USER:PASSWORD@HOST}: the PostgreSQL driver does not read a user part, and its errors (and the pool's logs)
     * would print the URL with the password, so it is refused before either sees it.
     */
    private static void refuseUserPart(String url, String setting) {
        int at = userPartEnd(url);
        if (at < 0) {
            return;
        }
        String user = url.substring(url.indexOf("//") + 2, at).split(":", 2)[0];
        throw new IllegalArgumentException(setting + "=" + redact(url) + ": the user and password do not go before the host; "
                + "write jdbc:postgresql://HOST:PORT/DB?user=" + user + " and put the password in IBENCH_STORE_PASSWORD");
    }

    /** The index of the {@code @} that ends a URL's user part, or -1 when it has none. */
    private static int userPartEnd(String url) {
        int start = url.indexOf("//");
        if (start < 0) {
            return -1;
        }
        int end = start + 2;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        int at = url.lastIndexOf('@', end - 1);
        return at > start ? at : -1;
    }

    /** The SQLite file, for SQLite stores. */
    public Path file() {
        if (dialect != StoreDialect.SQLITE) {
            throw new IllegalStateException(display() + " is not a SQLite file");
        }
        return Path.of(jdbcUrl.substring(StoreDialect.SQLITE.urlPrefix().length()));
    }

    /** The URL as safe to print: any {@code password=} parameter, and a password before the host, replaced by {@code ***}. */
    public String display() {
        return redact(jdbcUrl);
    }

    private static String redact(String given) {
        String url = given;
        int at = userPartEnd(url);
        if (at >= 0) {
            int colon = url.indexOf(':', url.indexOf("//") + 2);
            if (colon >= 0 && colon < at) {
                url = url.substring(0, colon + 1) + "***" + url.substring(at);
            }
        }
        int q = url.indexOf('?');
        if (q < 0) {
            return url;
        }
        String params = Arrays.stream(url.substring(q + 1).split("&"))
                .map(p -> p.toLowerCase(java.util.Locale.ROOT).startsWith("password=") ? "password=***" : p)
                .collect(Collectors.joining("&"));
        return url.substring(0, q + 1) + params;
    }

    @Override
    public String toString() {
        return display();
    }
}
