package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A PostgreSQL store that cannot be used fails once, naming the setting and URL, never the password. */
@ExtendWith(LocalPostgresExtension.class)
class PostgresStoreErrorsTest {
    @Test
    void aWrongPasswordNamesTheSettingAndHidesThePassword(LocalPostgres pg) {
        StoreLocation location = StoreLocation.parse(pg.jdbcUrl("postgres"), "IBENCH_STORE");
        assertThatThrownBy(() -> ResultsDatabase.open(location, "not-" + pg.password()))
                .isInstanceOf(ResultsStoreException.class)
                .hasMessageContaining("results store " + pg.jdbcUrl("postgres") + " (IBENCH_STORE): cannot connect")
                .hasMessageContaining("password authentication failed")
                .message().doesNotContain(pg.password());
    }

    @Test
    void aMissingPasswordSaysSo(LocalPostgres pg) {
        StoreLocation location = StoreLocation.parse(pg.jdbcUrl("postgres"), "--store");
        assertThatThrownBy(() -> ResultsDatabase.open(location, null))
                .isInstanceOf(ResultsStoreException.class)
                .hasMessageContaining("(--store): cannot connect")
                .hasMessageContaining("password");
    }

    @Test
    void anUnreachableServerNamesTheSetting() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        StoreLocation location = StoreLocation.parse("jdbc:postgresql://127.0.0.1:" + closedPort + "/postgres?user=ibench", "IBENCH_STORE");
        assertThatThrownBy(() -> ResultsDatabase.open(location, "secret-password"))
                .isInstanceOf(ResultsStoreException.class)
                .hasMessageContaining("127.0.0.1:" + closedPort)
                .hasMessageContaining("(IBENCH_STORE): cannot connect")
                .message().doesNotContain("secret-password");
    }
}
