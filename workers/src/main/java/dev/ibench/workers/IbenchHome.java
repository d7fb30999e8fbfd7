package dev.ibench.workers;

import dev.ibench.core.scratch.ScratchFolder;
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

    /**
     * ibench's folder for short-lived files, {@code .ibench/tmp} (spools, staged artifacts, the REST tool server's
     * Tomcat folder): ibench never writes to the system temp folder (docs/cli.md#the-home-folder).
     */
    public ScratchFolder scratch() {
        return new ScratchFolder(state().resolve("tmp"));
    }
}
