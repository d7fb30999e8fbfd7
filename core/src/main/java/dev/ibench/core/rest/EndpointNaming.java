package dev.ibench.core.rest;

/**
 * The seed's naming style: operation {@code get_<slug>_v1_<source>_<db>} and path {@code /v1/<source>/<db>/<slug>}
 * (e.g. {@code get_free_meal_count_ratio_v1_bird_california_schools}). Names are capped at 64 characters, the
 * OpenAI function-name limit; the slug is shortened to fit.
 */
public final class EndpointNaming {
    public static final int MAX_NAME = 64;

    private EndpointNaming() {}

    public static String suffix(String source, String db) {
        return "_v1_" + Names.snake(source) + "_" + Names.snake(db);
    }

    /** The longest slug that still fits a name for this database, keeping room for a {@code _NN} disambiguator. */
    public static int maxSlug(String source, String db) {
        return Math.max(8, MAX_NAME - "get_".length() - suffix(source, db).length() - 3);
    }

    public static String name(String slug, String source, String db) {
        String name = "get_" + slug + suffix(source, db);
        return name.length() <= MAX_NAME ? name : name.substring(0, MAX_NAME);
    }

    public static String path(String slug, String source, String db) {
        return "/v1/" + Names.snake(source) + "/" + db + "/" + slug;
    }

    /** The slug of a name made by {@link #name}. */
    public static String slugOf(String name, String source, String db) {
        String s = name.startsWith("get_") ? name.substring(4) : name;
        String suf = suffix(source, db);
        return s.endsWith(suf) ? s.substring(0, s.length() - suf.length()) : s;
    }
}
