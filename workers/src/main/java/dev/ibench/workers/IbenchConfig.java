package dev.ibench.workers;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Settings written once for every command run from one ibench home: the file {@code <home>/.ibench/config.properties}
 * (Java properties, {@code key=value} lines). Only the keys in {@link #KEYS} are accepted; any other key, or a blank
 * value, is an error that names the file, so a misspelt setting is never silently ignored. A missing file is no
 * settings. The environment and command options take precedence over the file (see the users of each key).
 */
public record IbenchConfig(Path file, Map<String, String> values) {
    public static final String FILE_NAME = "config.properties";
    public static final String TEMPORAL_ADDRESS = "temporal.address";
    public static final String TEMPORAL_NAMESPACE = "temporal.namespace";
    public static final List<String> KEYS = List.of(TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE);

    public IbenchConfig {
        values = Map.copyOf(values);
    }

    public static Path fileOf(IbenchHome home) {
        return home.state().resolve(FILE_NAME);
    }

    /** The settings of {@code home}'s config file; none when it does not exist. */
    public static IbenchConfig load(IbenchHome home) {
        Path file = fileOf(home);
        if (!Files.exists(file)) {
            return new IbenchConfig(file, Map.of());
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("config file " + file + " cannot be read: " + e.getMessage(), e);
        }
        Map<String, String> values = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("config file " + file + ": unknown key '" + key + "' (known keys: "
                        + String.join(", ", KEYS) + ")");
            }
            String value = properties.getProperty(key).trim();
            if (value.isEmpty()) {
                throw new IllegalArgumentException("config file " + file + ": key '" + key + "' has no value");
            }
            values.put(key, value);
        }
        return new IbenchConfig(file, values);
    }

    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }
}
