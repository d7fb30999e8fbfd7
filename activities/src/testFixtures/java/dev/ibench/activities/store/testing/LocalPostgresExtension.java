package dev.ibench.activities.store.testing;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension: one {@link LocalPostgres} per test run (started by the first class that uses it, in
 * {@code target/}, stopped when the run ends), injected as a {@code LocalPostgres} parameter.
 * Use with {@code @ExtendWith(LocalPostgresExtension.class)}.
 */
public final class LocalPostgresExtension implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LocalPostgresExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        server(context);
    }

    /** The run's server, started on first use. */
    public static LocalPostgres server(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent("server", k -> new Running(LocalPostgres.start(Path.of("target"))), Running.class)
                .server();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == LocalPostgres.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return server(context);
    }

    private record Running(LocalPostgres server) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            server.close();
        }
    }
}
