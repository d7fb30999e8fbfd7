package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Rendered prompts are stored once (migration V5_1_2): every prompt read back is exactly the text saved, character for
 * character, on SQLite and PostgreSQL, for direct prompts and ReACT step prompts, from two workers (two stores with their
 * own bases) and across edge cases (an emoji where the texts part, a prompt that is a prefix of the base, a prompt with
 * nothing in common, the same prompt again for another trial); and 200 prompts that share a 12,000-character system
 * message and tool list take less than 10% of their text in the store. A store at schema 5.1.1 with whole prompts in its
 * rows keeps every prompt identical after the migration.
 */
@ExtendWith(LocalPostgresExtension.class)
class PromptStorageTest {
    @TempDir Path dir;

    private static final String SHARED_START = "{\"text\":null,\"messages\":[{\"role\":\"system\",\"content\":\"" + "You may call tools. ".repeat(400);
    private static final String SHARED_END = "\"}],\"tools\":[" + "{\"name\":\"filter_data\",\"parameters\":{}},".repeat(100) + "{}]}";

    private static String prompt(String question) {
        return SHARED_START + "\"},{\"role\":\"user\",\"content\":\"" + question + SHARED_END;
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void everyPromptReadsBackExactlyAndSharedTextIsStoredOnce(StoreBackend backend, LocalPostgres pg) throws Exception {
        StoreLocation location = backend.newStore(dir, pg);
        try (ResultsDatabase first = backend.open(location, pg); ResultsDatabase second = backend.open(location, pg)) {
            List<ResultsStore> workers = List.of(new ResultsStore(first), new ResultsStore(second));
            List<String> saved = new ArrayList<>();
            long textChars = 0;
            for (int i = 0; i < 200; i++) {
                String p = prompt("Which hero is taller than " + (150 + i) + " cm? (variant " + i + ")");
                saved.add(p);
                textChars += p.length();
                workers.get(i % 2).savePrompt("c/cell", "s" + i, 0, p);
            }
            List<String> edges = List.of(
                    prompt("Who wrote \uD83D\uDE00 first?"), // the base differs right at the emoji's surrogate pair
                    prompt("Who wrote \uD83D\uDE01 first?"),
                    SHARED_START, // a prefix of the base
                    "{\"text\":\"nothing in common\",\"messages\":[],\"tools\":[]}",
                    "",
                    prompt("Which hero is taller than 150 cm? (variant 0)")); // the first prompt again: another trial
            for (int i = 0; i < edges.size(); i++) {
                workers.get(i % 2).savePrompt("c/cell", "edge" + i, 1, edges.get(i));
            }
            ResultsStore reader = new ResultsStore(first);
            for (int i = 0; i < saved.size(); i++) {
                assertThat(reader.prompt("c/cell", "s" + i, 0)).contains(saved.get(i));
            }
            for (int i = 0; i < edges.size(); i++) {
                assertThat(reader.prompt("c/cell", "edge" + i, 1)).as("edge %d", i).contains(edges.get(i));
            }
            for (int step = 1; step <= 3; step++) {
                workers.get(step % 2).saveStepPrompt("c/react", "s1", 0, step, prompt("Thought " + "and more ".repeat(step)));
            }
            assertThat(reader.stepPrompts("c/react", "s1", 0)).containsExactly(prompt("Thought and more "),
                    prompt("Thought and more and more "), prompt("Thought and more and more and more "));

            long stored = 0;
            try (Connection c = first.connection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT SUM(LENGTH(prompt_json)) FROM rendered_prompts WHERE trial = 0")) {
                rs.next();
                stored += rs.getLong(1);
            }
            try (Connection c = first.connection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(LENGTH(text)) FROM prompt_texts")) {
                rs.next();
                assertThat(rs.getInt(1)).as("one base per worker and cell").isLessThanOrEqualTo(4);
                stored += rs.getLong(2);
            }
            assertThat(stored).as("stored characters of 200 prompts of %d characters in all", textChars).isLessThan(textChars / 10);
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void promptsWrittenBeforeTheMigrationReadBackIdentical(StoreBackend backend, LocalPostgres pg) throws Exception {
        StoreLocation location = backend.newStore(dir, pg);
        String direct = prompt("O'Brien's \u00e9t\u00e9 \uD83D\uDE00 question").replace("'", "''");
        String step = "{\"text\":\"Question: x\\nThought: it's y\",\"messages\":[],\"tools\":[]}";
        EarlierSchema.create(location, backend == StoreBackend.POSTGRESQL ? pg.password() : null, "5.1.1",
                "INSERT INTO rendered_prompts(cell_id, sample_id, trial, prompt_json) VALUES ('old/cell', 's1', 0, '" + direct + "');\n"
                        + "INSERT INTO rendered_prompts(cell_id, sample_id, trial, prompt_json) VALUES ('old/cell', 's2', 1, '" + direct + "');\n"
                        + "INSERT INTO react_step_prompts(cell_id, sample_id, trial, step, prompt_json) VALUES ('old/react', 's1', 0, 1, '"
                        + step.replace("'", "''") + "')");
        try (ResultsDatabase db = backend.open(location, pg)) {
            ResultsStore store = new ResultsStore(db);
            String expected = direct.replace("''", "'");
            assertThat(store.prompt("old/cell", "s1", 0)).contains(expected);
            assertThat(store.prompt("old/cell", "s2", 1)).contains(expected);
            assertThat(store.stepPrompts("old/react", "s1", 0)).containsExactly(step);
            store.savePrompt("old/cell", "s3", 0, prompt("a new question"));
            assertThat(store.prompt("old/cell", "s3", 0)).contains(prompt("a new question"));
            assertThat(store.prompt("old/cell", "s1", 0)).as("the old row is untouched by a new one").contains(expected);
        }
    }
}
