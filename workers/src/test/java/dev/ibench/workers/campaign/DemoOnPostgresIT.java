package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.IbenchLauncher;
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
 * Issue 14, acceptance 1, and issue 29, acceptance 2: {@code IBENCH_STORE=jdbc:postgresql://... ./ibench demo} with the
 * default models (the oracle and SmolLM2) exits 0 and keeps every result in PostgreSQL. The demo runs through the
 * launcher in a fresh {@code IBENCH_HOME} on the real dev server and a real PostgreSQL, with {@code --samples 1} to keep
 * SmolLM2's share to one SLOT and one BFCL prompt; the rows are then read from PostgreSQL directly, and the SQLite
 * default store of that home must not exist.
 */
@ExtendWith(LocalPostgresExtension.class)
class DemoOnPostgresIT {
    @TempDir Path dir;

    @Test
    void theDemoWritesEveryResultToPostgresAndNothingToTheSqliteDefault(LocalPostgres pg) throws Exception {
        String url = pg.newDatabase();
        String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        Path home;
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir)) {
            IbenchLauncher ibench = IbenchLauncher.inFreshHome(dir, Map.of("TEMPORAL_ADDRESS", server.address(),
                    "IBENCH_STORE", url, "IBENCH_STORE_PASSWORD", pg.password()));
            home = ibench.home();
            IbenchLauncher.Run demo = ibench.run(Duration.ofMinutes(30), "demo", "--samples", "1");
            assertThat(demo.exit()).as(demo.output()).isZero();
            assertThat(demo.output()).doesNotContain(pg.password());
        }

        // by hand: 2 models (oracle, smollm2) x 2 benchmarks (SLOT superhero, BFCL simple; SEL superhero's prompts do
        // not fit SmolLM2's context, so it is left out) x 1 mode (direct) x 1 sample
        try (Connection c = pg.connect(database); Statement s = c.createStatement()) {
            assertThat(column(s, "SELECT campaign_id FROM campaigns")).singleElement().asString().startsWith("demo-");
            assertThat(column(s, "SELECT cell_id FROM cells ORDER BY cell_id")).hasSize(4)
                    .allMatch(cell -> (cell.contains("/oracle/") || cell.contains("/smollm2/")) && cell.endsWith("/direct"))
                    .noneMatch(cell -> cell.contains("sel-superhero"));
            assertThat(column(s, "SELECT eval_set FROM cells")).as("eval sets by hash").allMatch(e -> e.startsWith("sha256:"));
            assertThat(column(s, "SELECT status FROM sample_results")).containsExactly("scored", "scored", "scored", "scored");
            assertThat(column(s, "SELECT cell_id FROM model_calls")).as("each sample asked the model").hasSizeGreaterThanOrEqualTo(4);
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
