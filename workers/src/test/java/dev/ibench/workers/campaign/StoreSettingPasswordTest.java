package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.workers.IbenchHome;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45 B2: a password written into the store URL's user part ({@code //user:PASSWORD@host}) is never echoed:
 * the URL is refused before any driver or pool sees it (they would print it, and log it), with the password masked.
 */
class StoreSettingPasswordTest {
    @TempDir Path dir;

    @AfterEach
    void clear() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    @Test
    void aPasswordInTheUrlsUserPartIsRefusedAndMasked() {
        System.setProperty(StoreSetting.PROPERTY, "jdbc:postgresql://ibench:hunter2@127.0.0.1:5999/results?ssl=false");
        assertThatThrownBy(() -> StoreSetting.resolve(new IbenchHome(dir)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--store=jdbc:postgresql://ibench:***@127.0.0.1:5999/results?ssl=false: ")
                .hasMessageContaining("IBENCH_STORE_PASSWORD")
                .message().doesNotContain("hunter2");
    }

    @Test
    void aUserWithoutAPasswordInTheUserPartIsRefusedToo() {
        System.setProperty(StoreSetting.PROPERTY, "jdbc:postgresql://ibench@127.0.0.1:5999/results");
        assertThatThrownBy(() -> StoreSetting.resolve(new IbenchHome(dir)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("?user=ibench");
    }
}
