package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStoreException;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.testing.BundledData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import dev.ibench.workers.campaign.StoreSetting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read commands never create or migrate a results store, and no command adds ibench's tables to someone else's
 * database: a mistyped {@code --store} path is an error with no folder created, and a copy of BIRD's
 * {@code superhero.sqlite} is refused by readers and writers alike, byte for byte untouched.
 */
class StoreAccessTest {
    @TempDir Path dir;

    @AfterEach
    void clear() {
        System.clearProperty(StoreSetting.PROPERTY); // --store sets it for the rest of the process
    }

    private static List<String> tables(Path sqlite) throws Exception {
        List<String> names = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + sqlite);
             ResultSet rs = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        return names;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private Path superheroCopy() throws Exception {
        Path copy = dir.resolve("superhero-copy.sqlite");
        Files.copy(BundledData.root().resolve("bird/dev_databases/superhero/superhero.sqlite"), copy);
        return copy;
    }

    @Test
    void readCommandsOnAMistypedStorePathCreateNothing() {
        Path typo = dir.resolve("resutls/results.db");
        for (String[] command : List.of(
                new String[] {"campaign", "report", "c1"},
                new String[] {"campaign", "export", "c1", "--format", "csv"},
                new String[] {"campaign", "compare", "c1", "c2"},
                new String[] {"campaign", "trajectory", "c1", "s1"})) {
            List<String> args = new ArrayList<>(List.of(command));
            args.add("--store=" + typo);
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertThat(r.exit()).as(String.join(" ", command)).isNotZero();
            assertThat(r.err()).as(String.join(" ", command)).contains(typo.toString()).containsAnyOf("no such file", "does not exist");
            assertThat(dir.resolve("resutls")).as(String.join(" ", command)).doesNotExist();
        }
    }

    @Test
    void aReadCommandRefusesADatabaseThatIsNotAStoreAndLeavesItUntouched() throws Exception {
        Path copy = superheroCopy();
        List<String> before = tables(copy);
        String hash = sha256(copy);
        CliRun r = CliRun.of("campaign", "report", "c1", "--store=" + copy);
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("not an ibench results store").contains("superhero");
        assertThat(tables(copy)).containsExactlyElementsOf(before).doesNotContain("campaigns", "flyway_schema_history");
        assertThat(sha256(copy)).isEqualTo(hash);
    }

    @Test
    void aWriterRefusesADatabaseThatHoldsOtherTablesButStartsAnEmptyOne() throws Exception {
        Path copy = superheroCopy();
        String hash = sha256(copy);
        assertThatThrownBy(() -> ResultsDatabase.open(StoreLocation.parse(copy.toString(), "--store"), null))
                .isInstanceOf(ResultsStoreException.class)
                .hasMessageContaining("not an ibench results store").hasMessageContaining("superhero")
                .hasMessageContaining("--store");
        assertThat(sha256(copy)).isEqualTo(hash);

        Path fresh = dir.resolve("new/results.db");
        ResultsDatabase.open(StoreLocation.parse(fresh.toString(), "--store"), null).close();
        assertThat(tables(fresh)).contains("campaigns", "flyway_schema_history");
        try (ResultsDatabase again = ResultsDatabase.openForReading(StoreLocation.parse(fresh.toString(), "--store"))) {
            assertThat(again.description()).contains(fresh.toString());
        }
    }
}
