package dev.ibench.workers.campaign;

import dev.ibench.activities.store.StoreLocation;
import dev.ibench.workers.IbenchHome;

/**
 * The one setting that chooses a process's results store: {@code --store} (any command; it sets the system
 * property {@value #PROPERTY}), else {@code $IBENCH_STORE}, else the older file settings
 * {@code $IBENCH_RESULTS_DB} / {@code ibench.results.db}, else {@code <home>/.ibench/results.db}. The value is
 * a JDBC URL ({@code jdbc:postgresql://HOST:PORT/DB?user=USER}, {@code jdbc:sqlite:FILE}) or a SQLite file
 * path; a PostgreSQL password comes only from {@code $IBENCH_STORE_PASSWORD}.
 */
public final class StoreSetting {
    public static final String VARIABLE = "IBENCH_STORE";
    public static final String PROPERTY = "ibench.store";
    public static final String OPTION = "--store";

    private StoreSetting() {}

    public static StoreLocation resolve(IbenchHome home) {
        String option = System.getProperty(PROPERTY);
        if (present(option)) {
            return StoreLocation.parse(option, OPTION);
        }
        String variable = System.getenv(VARIABLE);
        if (present(variable)) {
            return StoreLocation.parse(variable, VARIABLE);
        }
        String legacyVariable = System.getenv("IBENCH_RESULTS_DB");
        if (present(legacyVariable)) {
            return StoreLocation.parse(legacyVariable, "IBENCH_RESULTS_DB");
        }
        String legacyProperty = System.getProperty("ibench.results.db");
        if (present(legacyProperty)) {
            return StoreLocation.parse(legacyProperty, "ibench.results.db");
        }
        return StoreLocation.sqliteFile(home.state().resolve("results.db"), "default store");
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
