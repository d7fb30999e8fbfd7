package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, acceptance 1: {@code IBENCH_STORE=jdbc:postgresql://... ibench demo} keeps every result in PostgreSQL.
 * The demo runs as its own process in a fresh {@code IBENCH_HOME} (data and tools linked in) on the real dev server
 * and a real PostgreSQL, with {@code --models oracle} so it takes seconds, not SmolLM2's minutes; the rows are then
 * read from PostgreSQL directly, and the SQLite default store of that home must not exist.
 */
@ExtendWith(LocalPostgresExtension.class)
class DemoOnPostgresIT {
    @TempDir Path dir;

    @Test
    void theDemoWritesEveryResultToPostgresAndNothingToTheSqliteDefault(LocalPostgres pg) throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path repo = IbenchHome.resolve().root();
        Files.createSymbolicLink(home.resolve("data"), repo.resolve("data"));
        Files.createSymbolicLink(home.resolve(".tools"), repo.resolve(".tools"));
        String url = pg.newDatabase();
        String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));

        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             CliProcess demo = CliProcess.isolated(List.of("demo", "--models", "oracle", "--samples", "1", "--timeout-minutes", "5"), "",
                     dir.resolve("demo.log"), Map.of("IBENCH_HOME", home.toString(), "TEMPORAL_ADDRESS", server.address(),
                             "IBENCH_STORE", url, "IBENCH_STORE_PASSWORD", pg.password()), home)) {
            assertThat(demo.waitForExit(Duration.ofMinutes(5))).as(demo.output()).isZero();
            assertThat(demo.output()).doesNotContain(pg.password());
        }

        // by hand: 1 model (oracle) x 2 benchmarks (SLOT, SEL superhero) x 1 mode (direct) x 1 sample
        try (Connection c = pg.connect(database); Statement s = c.createStatement()) {
            assertThat(column(s, "SELECT campaign_id FROM campaigns")).singleElement().asString().startsWith("demo-");
            assertThat(column(s, "SELECT cell_id FROM cells ORDER BY cell_id")).hasSize(2)
                    .allMatch(cell -> cell.contains("/oracle/") && cell.endsWith("/direct"));
            assertThat(column(s, "SELECT eval_set FROM cells")).as("eval sets by hash").allMatch(e -> e.startsWith("sha256:"));
            assertThat(column(s, "SELECT status FROM sample_results")).containsExactly("scored", "scored");
            assertThat(column(s, "SELECT cell_id FROM model_calls")).as("each sample asked the model").hasSizeGreaterThanOrEqualTo(2);
            assertThat(column(s, "SELECT sha256 FROM artifacts")).as("eval sets, the superhero database, manifests").hasSizeGreaterThanOrEqualTo(4);
        }
        assertThat(home.resolve(".ibench/results.db")).as("the SQLite default store").doesNotExist();
    }

    private static List<String> column(Statement s, String sql) throws Exception {
        List<String> values = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) values.add(rs.getString(1));
        }
        return values;
    }
}
