package dev.ibench.core.prompt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the template a profile uses for a style: the profile's {@code templates} override (a file path,
 * or a resource path starting with {@code prompts/}), else the built-in
 * {@code prompts/<style-dir>/<family>.txt}; REACT and SQL fall back to their family-independent
 * {@code prompts/react/react.txt} and {@code prompts/sql/sql.txt}.
 */
public final class TemplateLibrary {
    /**
     * Bundled templates by resource path (null: no such resource), read once per process: they cannot change while it
     * runs, and finding and inflating one in the jar for every rendered prompt cost milliseconds per model call.
     * Template files on disk are read each time, so an edited file applies to the next prompt.
     */
    private static final Map<String, Optional<PromptTemplate>> BUNDLED = new ConcurrentHashMap<>();

    private TemplateLibrary() {}

    private static Optional<PromptTemplate> bundled(String resource) {
        return BUNDLED.computeIfAbsent(resource, r -> TemplateLibrary.class.getClassLoader().getResource(r) == null
                ? Optional.empty() : Optional.of(PromptTemplate.parse(r, ProfileCatalog.readResource(r))));
    }

    public static PromptTemplate forProfile(ModelProfile profile, PromptStyle style) {
        String override = profile.templates().get(style.name().toLowerCase(Locale.ROOT));
        if (override != null) {
            return load(override);
        }
        if (profile.family() == null) {
            throw new IllegalArgumentException("model profile " + profile.name() + " has no family and no template for style " + style);
        }
        String familyResource = "prompts/" + style.templateDir() + "/" + profile.family() + ".txt";
        if (bundled(familyResource).isPresent()) {
            return load(familyResource);
        }
        if (style == PromptStyle.REACT || style == PromptStyle.SQL) {
            return load("prompts/" + style.templateDir() + "/" + style.templateDir() + ".txt");
        }
        throw new IllegalArgumentException("no " + style + " prompt template for family '" + profile.family()
                + "' of model profile " + profile.name() + " (looked for resource " + familyResource
                + "; set templates." + style.name().toLowerCase(Locale.ROOT) + " in the profile)");
    }

    /** Loads a template from a file path if it exists, else from the classpath. */
    public static PromptTemplate load(String location) {
        Path file = Path.of(location);
        if (Files.isRegularFile(file)) {
            try {
                return PromptTemplate.parse(location, Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read prompt template " + file, e);
            }
        }
        return bundled(location).orElseThrow(() -> new IllegalArgumentException(
                "prompt template '" + location + "' is neither a file nor a bundled resource"));
    }
}
