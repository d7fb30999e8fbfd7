package dev.ibench.core.prompt;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The model profiles known to a process: the built-in ones (resources {@code profiles/*.yaml}, listed
 * in {@code profiles/index.txt}) overlaid by a user directory of {@code *.yaml} files, where a user
 * profile with the same name replaces the built-in one.
 */
public final class ProfileCatalog {
    private static final String BUILT_IN_INDEX = "profiles/index.txt";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private final Map<String, ModelProfile> byName;

    private ProfileCatalog(Map<String, ModelProfile> byName) {
        this.byName = byName;
    }

    /** Built-ins plus, when {@code userDir} is non-null and exists, the profiles found there. */
    public static ProfileCatalog load(Path userDir) {
        Map<String, ModelProfile> profiles = new LinkedHashMap<>();
        for (String resource : builtInResources()) {
            ModelProfile p = parse(readResource(resource), "classpath:" + resource);
            profiles.put(p.name(), p);
        }
        if (userDir != null && Files.isDirectory(userDir)) {
            try (Stream<Path> files = Files.list(userDir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml")).sorted().toList()) {
                    ModelProfile p = readFile(file);
                    profiles.put(p.name(), p);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list profile directory " + userDir, e);
            }
        }
        return new ProfileCatalog(profiles);
    }

    public static ModelProfile readFile(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model profile " + file, e);
        }
    }

    public static ModelProfile parse(String yaml, String source) {
        try {
            return YAML.readValue(yaml, ModelProfile.class).validated(source);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("model profile " + source + " is not valid: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse model profile " + source, e);
        }
    }

    /** A profile by name, or by path to a YAML file when {@code nameOrPath} ends in .yaml/.yml. */
    public ModelProfile resolve(String nameOrPath) {
        if (nameOrPath.endsWith(".yaml") || nameOrPath.endsWith(".yml")) {
            return readFile(Path.of(nameOrPath));
        }
        return find(nameOrPath).orElseThrow(() -> new IllegalArgumentException(
                "unknown model profile '" + nameOrPath + "'; known: " + String.join(", ", byName.keySet())
                        + " (add one by writing profiles/" + nameOrPath + ".yaml)"));
    }

    /**
     * {@link #resolve}, or empty when the name is unknown or the file unreadable: for checks that leave reporting an
     * unknown profile to the profile check.
     */
    public Optional<ModelProfile> resolveIfKnown(String nameOrPath) {
        try {
            return Optional.of(resolve(nameOrPath));
        } catch (RuntimeException unknown) {
            return Optional.empty();
        }
    }

    public Optional<ModelProfile> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public List<ModelProfile> all() {
        return List.copyOf(byName.values());
    }

    private static List<String> builtInResources() {
        List<String> names = new ArrayList<>();
        for (String line : readResource(BUILT_IN_INDEX).split("\n")) {
            String trimmed = line.trim();
            if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                names.add("profiles/" + trimmed);
            }
        }
        return names;
    }

    static String readResource(String resource) {
        try (InputStream in = ProfileCatalog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource + " (build problem: core resources not on the classpath)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + resource, e);
        }
    }
}
