package dev.ibench.workers;

import java.nio.file.Path;

/**
 * The project directory that holds {@code .tools/} (installed CLIs, models) and {@code .ibench/}
 * (local state such as the dev server's SQLite file). Taken from the {@code IBENCH_HOME}
 * environment variable (set by the {@code ./ibench} launcher), else the {@code ibench.home}
 * system property, else the working directory.
 */
public record IbenchHome(Path root) {

    public static IbenchHome resolve() {
        String fromEnv = System.getenv("IBENCH_HOME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new IbenchHome(Path.of(fromEnv).toAbsolutePath().normalize());
        }
        String fromProperty = System.getProperty("ibench.home");
        if (fromProperty != null && !fromProperty.isBlank()) {
            return new IbenchHome(Path.of(fromProperty).toAbsolutePath().normalize());
        }
        return new IbenchHome(Path.of("").toAbsolutePath());
    }

    public Path toolsBin() {
        return root.resolve(".tools").resolve("bin");
    }

    public Path state() {
        return root.resolve(".ibench");
    }
}
