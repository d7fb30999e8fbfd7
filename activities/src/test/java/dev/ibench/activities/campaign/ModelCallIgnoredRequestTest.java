package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.IgnoredRequestParts;
import dev.ibench.activities.store.ErrorCount;
import java.nio.file.Path;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A direct cell whose profile asks for JSON-constrained output records, per answer, whether the server ignored the
 * constraint, so {@code campaign status} can warn: prose is a finding; a JSON list, and JSON cut short by max_tokens
 * (the server did follow the schema), are not. The server is a MockWebServer (test double) answering like llama.cpp's
 * /v1/completions; the activity runs in Temporal's activity test environment over a real SQLite results store.
 */
class ModelCallIgnoredRequestTest {
    @TempDir Path tmp;

    @Test
    void proseUnderAJsonConstraintIsRecordedForTheCellAndJsonIsNot() throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("constrained", 32, "constrained_output: tool_calls\n");
            fixture.server.enqueue(new MockResponse().setBody(ModelCallFixture.completion("Abe Sapien is 191 cm tall.", "stop")));
            fixture.server.enqueue(new MockResponse().setBody(
                    ModelCallFixture.completion("[{\"name\": \"get_height\", \"arguments\": {}}]", "stop")));
            fixture.server.enqueue(new MockResponse().setBody(ModelCallFixture.completion("[{\"name\": \"get_height\", \"argum", "length")));
            fixture.campaign("""
                    [{"name": "constrained", "profile": "constrained", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("constrained");
            ModelCallActivities activities = fixture.activities();
            for (int position = 0; position < 3; position++) {
                activities.callModel(new WorkItem(cellId, position, 0));
            }

            assertThat(fixture.server.getRequestCount()).isEqualTo(3);
            List<ErrorCount> warnings = fixture.store.errorCounts(cellId, IgnoredRequestParts.KINDS);
            assertThat(warnings).as("only the prose answer (s/1) shows the constraint was ignored").singleElement().satisfies(w -> {
                assertThat(w.kind()).isEqualTo(IgnoredRequestParts.CONSTRAINT_IGNORED);
                assertThat(w.answers()).isEqualTo(1);
                assertThat(w.message()).contains("profile constrained").contains("not JSON");
            });

            activities.callModel(new WorkItem(cellId, 0, 0));
            assertThat(fixture.server.getRequestCount()).as("a stored answer is not asked again").isEqualTo(3);
            assertThat(fixture.store.errorCounts(cellId, IgnoredRequestParts.KINDS)).extracting(ErrorCount::answers).containsExactly(1);
        }
    }
}
