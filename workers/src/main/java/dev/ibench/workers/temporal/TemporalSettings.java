package dev.ibench.workers.temporal;

import dev.ibench.workers.IbenchConfig;
import dev.ibench.workers.IbenchHome;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where a command finds Temporal, set once: each of the address ({@code host:port}) and the namespace comes from, first
 * to last, the command's {@code --address} / {@code --namespace}, the environment ({@code TEMPORAL_ADDRESS},
 * {@code TEMPORAL_NAMESPACE}), the home's config file ({@code temporal.address}, {@code temporal.namespace} in
 * {@link IbenchConfig}), the defaults. {@code addressSource} says which, for messages.
 */
public record TemporalSettings(String address, String addressSource, String namespace, String namespaceSource) {
    public static final String ADDRESS_VARIABLE = "TEMPORAL_ADDRESS";
    public static final String NAMESPACE_VARIABLE = "TEMPORAL_NAMESPACE";
    private static final Pattern HOST_PORT = Pattern.compile("\\S+:\\d{1,5}");

    /** The settings of a command without options, from the process environment and the configured home. */
    public static TemporalSettings resolve() {
        return resolve(null, null, IbenchHome.resolve(), System::getenv);
    }

    /** @param addressOption the command's {@code --address} (null: not given); likewise {@code namespaceOption} */
    public static TemporalSettings resolve(String addressOption, String namespaceOption, IbenchHome home,
                                           Function<String, String> environment) {
        Lookup lookup = new Lookup(home, environment);
        Found address = lookup.first(addressOption, "--address", ADDRESS_VARIABLE, IbenchConfig.TEMPORAL_ADDRESS);
        if (address == null) {
            address = new Found(TemporalConnection.DEFAULT_ADDRESS, "default");
        } else if (!HOST_PORT.matcher(address.value()).matches()) {
            throw new IllegalArgumentException(address.source() + ": Temporal address must be HOST:PORT, got '" + address.value() + "'");
        }
        Found namespace = lookup.first(namespaceOption, "--namespace", NAMESPACE_VARIABLE, IbenchConfig.TEMPORAL_NAMESPACE);
        if (namespace == null) {
            namespace = new Found(TemporalConnection.DEFAULT_NAMESPACE, "default");
        }
        return new TemporalSettings(address.value(), address.source(), namespace.value(), namespace.source());
    }

    /**
     * The options to repeat in a printed follow-up command so it reaches the same server and namespace: empty when
     * they are the defaults.
     */
    public String hintFlags() {
        return hintFlags(address, namespace);
    }

    public static String hintFlags(String address, String namespace) {
        return (address.equals(TemporalConnection.DEFAULT_ADDRESS) ? "" : " --address " + address)
                + (namespace.equals(TemporalConnection.DEFAULT_NAMESPACE) ? "" : " --namespace " + namespace);
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private record Found(String value, String source) {}

    /** Looks a setting up in the command's option, the environment, then the config file (read once, when first needed). */
    private static final class Lookup {
        private final IbenchHome home;
        private final Function<String, String> environment;
        private IbenchConfig config;

        Lookup(IbenchHome home, Function<String, String> environment) {
            this.home = home;
            this.environment = environment;
        }

        /** The first of these that is set, with where it came from; null when none is. */
        Found first(String option, String optionName, String variable, String configKey) {
            if (present(option)) {
                return new Found(option.trim(), optionName);
            }
            String fromEnvironment = environment.apply(variable);
            if (present(fromEnvironment)) {
                return new Found(fromEnvironment.trim(), "$" + variable);
            }
            if (config == null) {
                config = IbenchConfig.load(home);
            }
            return config.get(configKey).map(value -> new Found(value, config.file() + " " + configKey)).orElse(null);
        }
    }
}
