package dev.ibench.core.prompt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Finds the template a profile uses for a style: the profile's {@code templates} override (a file path,
 * or a resource path starting with {@code prompts/}), else the built-in
 * {@code prompts/<style-dir>/<family>.txt}; REACT and SQL fall back to their family-independent
 * {@code prompts/react/react.txt} and {@code prompts/sql/sql.txt}.
 */
public final class TemplateLibrary {
    private TemplateLibrary() {}

    public static PromptTemplate forProfile(ModelProfile profile, PromptStyle style) {
        String override = profile.templates().get(style.name().toLowerCase(Locale.ROOT));
        if (override != null) {
            return load(override);
        }
        if (profile.family() == null) {
            throw new IllegalArgumentException("model profile " + profile.name() + " has no family and no template for style " + style);
        }
        String familyResource = "prompts/" + style.templateDir() + "/" + profile.family() + ".txt";
        if (TemplateLibrary.class.getClassLoader().getResource(familyResource) != null) {
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
        if (TemplateLibrary.class.getClassLoader().getResource(location) == null) {
            throw new IllegalArgumentException("prompt template '" + location + "' is neither a file nor a bundled resource");
        }
        return PromptTemplate.parse(location, ProfileCatalog.readResource(location));
    }
}
