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
        IbenchConfig config = null;
        String address;
        String addressSource;
        if (present(addressOption)) {
            address = addressOption.trim();
            addressSource = "--address";
        } else if (present(environment.apply(ADDRESS_VARIABLE))) {
            address = environment.apply(ADDRESS_VARIABLE).trim();
            addressSource = "$" + ADDRESS_VARIABLE;
        } else {
            config = IbenchConfig.load(home);
            address = config.get(IbenchConfig.TEMPORAL_ADDRESS).orElse(null);
            addressSource = address == null ? "default" : config.file() + " " + IbenchConfig.TEMPORAL_ADDRESS;
        }
        if (address == null) {
            address = TemporalConnection.DEFAULT_ADDRESS;
        } else if (!HOST_PORT.matcher(address).matches()) {
            throw new IllegalArgumentException(addressSource + ": Temporal address must be HOST:PORT, got '" + address + "'");
        }
        String namespace;
        String namespaceSource;
        if (present(namespaceOption)) {
            namespace = namespaceOption.trim();
            namespaceSource = "--namespace";
        } else if (present(environment.apply(NAMESPACE_VARIABLE))) {
            namespace = environment.apply(NAMESPACE_VARIABLE).trim();
            namespaceSource = "$" + NAMESPACE_VARIABLE;
        } else {
            config = config != null ? config : IbenchConfig.load(home);
            namespace = config.get(IbenchConfig.TEMPORAL_NAMESPACE).orElse(TemporalConnection.DEFAULT_NAMESPACE);
            namespaceSource = config.get(IbenchConfig.TEMPORAL_NAMESPACE).isPresent()
                    ? config.file() + " " + IbenchConfig.TEMPORAL_NAMESPACE : "default";
        }
        return new TemporalSettings(address, addressSource, namespace, namespaceSource);
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
}
