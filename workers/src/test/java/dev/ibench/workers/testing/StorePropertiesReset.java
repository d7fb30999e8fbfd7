package dev.ibench.workers.testing;

import dev.ibench.workers.campaign.StoreSetting;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Registered for every test class of this module (JUnit's extension autodetection, junit-platform.properties): after
 * a class, the JVM-wide store settings are cleared. An in-JVM {@code ibench ... --store X} sets {@code ibench.store},
 * which outranks the {@code ibench.results.db} the next class sets; left behind, it sent that class's campaigns to
 * another class's store, and they waited for workers that were never told of them (CI timed out twice so).
 */
public final class StorePropertiesReset implements AfterAllCallback {
    @Override
    public void afterAll(ExtensionContext context) {
        System.clearProperty(StoreSetting.PROPERTY);
        System.clearProperty("ibench.results.db");
    }
}
