package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stored prompt refers to its cell's base text in {@code prompt_texts}; the store looks a base up once and remembers it
 * once the write that made sure of it has committed, so the prompts of a cell cost one lookup, not one per prompt, and a
 * rolled-back group of writes never leaves a base believed held that the database lacks.
 */
class PromptTextLookupsTest {
    @TempDir Path dir;

    private static String prompt(String question) {
        return "{\"messages\":[{\"role\":\"system\",\"content\":\"" + "Call the tools. ".repeat(200) + "\"},{\"role\":\"user\",\"content\":\""
                + question + "\"}]}";
    }

    @Test
    void aCellsPromptsLookTheirBaseUpOnce() {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("r.db"))) {
            ResultsStore store = new ResultsStore(db);
            for (int i = 0; i < 50; i++) {
                store.savePrompt("c/a", "s" + i, 0, prompt("question " + i));
            }
            assertThat(store.promptTextLookups()).isEqualTo(1);
            // in a group of writes (one transaction), as the model-call batches write
            db.inOneTransaction(() -> {
                for (int i = 0; i < 10; i++) {
                    store.savePrompt("c/b", "s" + i, 0, prompt("other " + i));
                }
            });
            assertThat(store.promptTextLookups()).as("one more base, one more lookup").isEqualTo(2);
            for (int i = 0; i < 50; i++) {
                assertThat(store.prompt("c/a", "s" + i, 0)).contains(prompt("question " + i));
            }
            for (int i = 0; i < 10; i++) {
                assertThat(store.prompt("c/b", "s" + i, 0)).contains(prompt("other " + i));
            }
        }
    }

    @Test
    void aBaseWrittenInARolledBackGroupIsLookedUpAgain() {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("r.db"))) {
            ResultsStore store = new ResultsStore(db);
            assertThatThrownBy(() -> db.inOneTransaction(() -> {
                store.savePrompt("c/a", "s0", 0, prompt("first"));
                throw new IllegalStateException("the group fails after the prompt");
            })).hasMessageContaining("the group fails");
            assertThat(store.prompt("c/a", "s0", 0)).as("rolled back").isEmpty();
            store.savePrompt("c/a", "s1", 0, prompt("second"));
            assertThat(store.promptTextLookups()).as("the rolled-back base is not remembered as held").isEqualTo(2);
            assertThat(store.prompt("c/a", "s1", 0)).contains(prompt("second"));
            store.savePrompt("c/a", "s2", 0, prompt("third"));
            assertThat(store.promptTextLookups()).isEqualTo(2);
            assertThat(store.prompt("c/a", "s2", 0)).contains(prompt("third"));
        }
    }
}
