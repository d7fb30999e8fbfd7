package dev.ibench.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The SQL baseline's judge on the bundled BIRD superhero database, which must stay byte-identical. */
class SqlBaselineJudgeTest {
    private static final Path DB = Path.of("../data/bird/dev_databases/superhero/superhero.sqlite").toAbsolutePath().normalize();
    private static final String GOLD = "SELECT COUNT(*) FROM superhero WHERE height_cm > 200";

    private final ReadOnlyDatabases databases = new ReadOnlyDatabases();
    private Connection connection;
    private String digestBefore;
    private EvalSample sample;

    @BeforeEach
    void open() throws Exception {
        digestBefore = digest();
        connection = databases.connection(DB);
        Object gold;
        try (var st = connection.createStatement(); var rs = st.executeQuery(GOLD)) {
            rs.next();
            gold = rs.getLong(1);
        }
        sample = new EvalSample("superhero-1", "superhero", "How many heroes are taller than 200 cm?", GOLD, gold, List.of(),
                Map.of("database_path", "bird/dev_databases/superhero/superhero.sqlite"), List.of(), List.of());
    }

    @AfterEach
    void close() throws Exception {
        databases.close();
        assertThat(digest()).as("the database file is byte-identical").isEqualTo(digestBefore);
    }

    private static String digest() throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(DB)));
    }

    private SqlBaselineOutcome judge(String answer) {
        return new SqlBaselineJudge(2, 1000).judge(sample, answer, connection);
    }

    @Test
    void theGoldQueryCompletesInAnyOfTheAnswerForms() {
        assertThat(judge("```sql\n" + GOLD + ";\n```").completed()).isTrue();
        assertThat(judge("[{\"name\": \"sql\", \"arguments\": {\"query\": \"" + GOLD + "\"}}]").completed()).isTrue();
        assertThat(judge("Here it is: " + GOLD).completed()).isTrue();
        assertThat(judge("select count(id) from superhero where height_cm > 200").completed()).as("another query, same result").isTrue();
    }

    @Test
    void failuresAreScoredWithTheirReason() {
        SqlBaselineOutcome wrong = judge("SELECT COUNT(*) FROM superhero");
        assertThat(wrong).extracting(SqlBaselineOutcome::completed, SqlBaselineOutcome::kind).containsExactly(false, "wrong_result");
        assertThat(judge("DELETE FROM superhero").kind()).isEqualTo("not_read_only");
        assertThat(judge("SELECT 1; DROP TABLE superhero").kind()).isEqualTo("not_read_only");
        assertThat(judge("WITH x AS (SELECT 1) DELETE FROM superhero").kind()).as("a write behind WITH: the read-only connection refuses")
                .isIn("not_read_only", "error");
        SqlBaselineOutcome syntax = judge("SELECT COUNT(* FROM superhero");
        assertThat(syntax.kind()).isEqualTo("error");
        assertThat(syntax.message()).isNotBlank();
        assertThat(judge("I do not know.").kind()).isEqualTo("no_sql");
        assertThat(judge("SELECT * FROM superhero").kind()).as("750 rows over the limit of 1000? no: compared").isEqualTo("wrong_result");
    }

    @Test
    void aRunawayCrossJoinIsStoppedByTheTimeLimit() {
        long started = System.nanoTime();
        SqlBaselineOutcome runaway = judge("SELECT COUNT(*) FROM superhero a, superhero b, superhero c, superhero d");
        assertThat(runaway.kind()).isIn("timeout", "too_many_rows");
        assertThat(runaway.completed()).isFalse();
        assertThat((System.nanoTime() - started) / 1e9).isLessThan(20);
    }

    @Test
    void tooManyRowsIsAFailureNotAHang() {
        SqlBaselineOutcome many = new SqlBaselineJudge(5, 100).judge(sample, "SELECT a.id FROM superhero a, superhero b", connection);
        assertThat(many.kind()).isEqualTo("too_many_rows");
    }
}
