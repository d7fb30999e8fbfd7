package dev.ibench.core.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.TestData;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.verify.SqlRunner;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlmEndpointProposalTest {
    private static final String SQL = "SELECT T2.publisher_name FROM superhero AS T1 INNER JOIN publisher AS T2 ON T1.publisher_id = T2.id WHERE T1.superhero_name = 'Hulk'";

    @Test
    void promptCarriesQuestionSqlSchemaAndRetryVerdict() throws Exception {
        try (ReadOnlyDatabases dbs = new ReadOnlyDatabases()) {
            Connection c = dbs.connection(TestData.superhero());
            DatabaseEntry db = new DatabaseEntry("superhero", TestData.superhero(), "x", Map.of("superhero", Map.of("superhero_name", "the name of the superhero")), List.of());
            Question q = new Question("7", "superhero", "Who publishes Hulk?", "", SQL, "simple", null);
            List<String> cols = CodeGenPrompt.columnDescriptions(SQL, db, SchemaIndex.read(c));
            assertThat(cols).contains("superhero.superhero_name (TEXT): the name of the superhero").anyMatch(s -> s.startsWith("publisher.publisher_name"));
            String first = CodeGenPrompt.render(new CodeGenRequest("bird", "superhero", q, cols, null, 1));
            assertThat(first).contains("Who publishes Hulk?").contains(SQL).contains("\"arguments\"").doesNotContain("rejected");
            String retry = CodeGenPrompt.render(new CodeGenRequest("bird", "superhero", q, cols, "row count differs: gold 1, endpoint 0", 2));
            assertThat(retry).contains("attempt 1) was rejected: row count differs");
        }
    }

    @Test
    void aWellFormedAnswerBecomesAVerifiedEndpoint() throws Exception {
        String answer = "Sure! Here is the endpoint:\n```json\n{\"slug\": \"publisher by hero\", \"summary\": \"Get the publisher of a superhero\","
                + " \"description\": \"Publisher name for a given superhero name\", \"parameters\": [{\"name\": \"superhero_name\", \"type\": \"string\","
                + " \"description\": \"Name of the superhero\"}], \"sql\": \"SELECT T2.publisher_name FROM superhero AS T1 INNER JOIN publisher AS T2"
                + " ON T1.publisher_id = T2.id WHERE T1.superhero_name = ?1\", \"arguments\": {\"superhero_name\": \"Hulk\"}}\n```";
        GeneratedEndpoint g = LlmEndpointProposal.parse(answer, "bird", "superhero", "smollm2", false);
        assertThat(g.spec().name()).isEqualTo("get_publisher_by_hero_v1_bird_superhero");
        assertThat(g.spec().producedBy()).isEqualTo("llm:smollm2");
        try (ReadOnlyDatabases dbs = new ReadOnlyDatabases()) {
            Connection c = dbs.connection(TestData.superhero());
            EndpointVerification v = new EndpointVerifier(new EndpointExecutor(30, 1000)).verify(c, g, new SqlRunner(30, 1000).run(c, SQL));
            assertThat(v.verified()).isTrue();
        }
    }

    @Test
    void brokenAnswersAreRejectedWithTheirReason() {
        assertThatThrownBy(() -> LlmEndpointProposal.parse("I think the answer is Marvel.", "bird", "superhero", "m", false))
                .satisfies(e -> assertThat(((RestGenerationException) e).reason()).isEqualTo("llm_unparseable"));
        assertThatThrownBy(() -> LlmEndpointProposal.parse("{\"slug\":\"x\",\"parameters\":[],\"sql\":\"DELETE FROM superhero\",\"arguments\":{}}", "bird", "superhero", "m", false))
                .satisfies(e -> assertThat(((RestGenerationException) e).reason()).isEqualTo("llm_invalid_spec"));
        assertThatThrownBy(() -> LlmEndpointProposal.parse("{\"slug\":\"x\",\"parameters\":[{\"name\":\"a\",\"type\":\"string\"}],"
                + "\"sql\":\"SELECT 1\",\"arguments\":{\"a\":\"v\"}}", "bird", "superhero", "m", false)).hasMessageContaining("not used in the SQL");
        assertThatThrownBy(() -> LlmEndpointProposal.parse("{\"slug\":\"x\",\"parameters\":[{\"name\":\"a\",\"type\":\"string\"}],"
                + "\"sql\":\"SELECT ?1\",\"arguments\":{}}", "bird", "superhero", "m", false)).hasMessageContaining("no argument for parameter 'a'");
    }
}
