package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StoreLocationTest {
    @Test
    void aPathOrSqliteUrlIsASqliteFileAndAPostgresUrlIsKeptAsGiven() {
        assertThat(StoreLocation.parse("/tmp/x/results.db", "IBENCH_STORE"))
                .extracting(StoreLocation::dialect, StoreLocation::file)
                .containsExactly(StoreDialect.SQLITE, Path.of("/tmp/x/results.db"));
        assertThat(StoreLocation.parse("jdbc:sqlite:/tmp/y.db", "IBENCH_STORE").file()).isEqualTo(Path.of("/tmp/y.db"));
        StoreLocation pg = StoreLocation.parse("jdbc:postgresql://127.0.0.1:5999/postgres?user=ibench", "--store");
        assertThat(pg.dialect()).isEqualTo(StoreDialect.POSTGRESQL);
        assertThat(pg.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5999/postgres?user=ibench");
    }

    @Test
    void aPasswordInTheUrlIsNeverShown() {
        StoreLocation pg = StoreLocation.parse("jdbc:postgresql://h:1/db?user=u&password=hunter2&ssl=false", "IBENCH_STORE");
        assertThat(pg.display()).isEqualTo("jdbc:postgresql://h:1/db?user=u&password=***&ssl=false");
        assertThat(pg.toString()).doesNotContain("hunter2");
        assertThatThrownBy(() -> StoreLocation.parse("jdbc:mysql://h/db?password=hunter2", "IBENCH_STORE"))
                .hasMessageContaining("IBENCH_STORE=jdbc:mysql://h/db?password=***")
                .hasMessageContaining("unsupported database")
                .message().doesNotContain("hunter2");
    }

    @Test
    void somethingThatIsNeitherAUrlNorAPathIsRejectedByName() {
        assertThatThrownBy(() -> StoreLocation.parse("postgres://h:1/db", "--store"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("--store=postgres://h:1/db: not a JDBC URL");
        assertThatThrownBy(() -> StoreLocation.parse(" ", "IBENCH_STORE")).hasMessageContaining("IBENCH_STORE is empty");
    }
}
