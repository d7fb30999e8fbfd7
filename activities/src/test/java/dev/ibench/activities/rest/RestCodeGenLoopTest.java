package dev.ibench.activities.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ErrorKind;
import dev.ibench.activities.llm.ModelCallException;
import dev.ibench.activities.llm.ModelClient;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.rest.EndpointExecutor;
import dev.ibench.core.rest.EndpointVerifier;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.verify.SqlRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The code-gen loop's paths with a scripted test model (answers given in order): LLM verified, retries then fallback, infra error. */
class RestCodeGenLoopTest {
    private static final String SQL = "SELECT T2.publisher_name FROM superhero AS T1 INNER JOIN publisher AS T2 ON T1.publisher_id = T2.id WHERE T1.superhero_name = 'Hulk'";
    private static final String GOOD = "{\"slug\": \"publisher_of_hero\", \"summary\": \"Get the publisher of a superhero\", \"description\": \"d\","
            + " \"parameters\": [{\"name\": \"superhero_name\", \"type\": \"string\", \"description\": \"Name of the superhero\"}],"
            + " \"sql\": \"SELECT T2.publisher_name FROM superhero AS T1 INNER JOIN publisher AS T2 ON T1.publisher_id = T2.id WHERE T1.superhero_name = ?1\","
            + " \"arguments\": {\"superhero_name\": \"Hulk\"}}";
    private static final String WRONG = GOOD.replace("T2.publisher_name", "T1.full_name");

    /** Test double: answers from a script, records the prompts it was sent. */
    static final class ScriptedModel implements ModelClient {
        final Iterator<Object> answers;
        final List<String> prompts = new ArrayList<>();

        ScriptedModel(Object... answers) {
            this.answers = List.of(answers).iterator();
        }

        @Override
        public String endpoint() {
            return "scripted-test-model";
        }

        @Override
        public ModelResponse complete(ModelRequest request) {
            prompts.add(request.prompt().messages().get(0).content());
            Object a = answers.next();
            if (a instanceof RuntimeException e) throw e;
            return new ModelResponse((String) a, List.of(), "stop", 10, 10, 1);
        }
    }

    private RestCodeGenLoop.Outcome run(ScriptedModel m) throws Exception {
        Path data = Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data");
        Path file = data.resolve("bird/dev_databases/superhero/superhero.sqlite").toAbsolutePath();
        try (ReadOnlyDatabases dbs = new ReadOnlyDatabases()) {
            Connection c = dbs.connection(file);
            DatabaseEntry db = new DatabaseEntry("superhero", file, "x", Map.of(), List.of());
            Question q = new Question("7", "superhero", "Who publishes Hulk?", "", SQL, "simple", null);
            RestCodeGenLoop loop = new RestCodeGenLoop(m, "test", "test", 3, new DecodingSettings(300, 0, List.of(), RestCodeGenLoop.PROPOSAL_SCHEMA),
                    new EndpointVerifier(new EndpointExecutor(30, 1000)));
            return loop.generate(c, "bird", db, SchemaIndex.read(c), q, new SqlRunner(30, 1000).run(c, SQL));
        }
    }

    @Test
    void aVerifiedProposalIsProducedByTheModel() throws Exception {
        RestCodeGenLoop.Outcome o = run(new ScriptedModel(GOOD));
        assertThat(o.verified()).isTrue();
        assertThat(o.producedBy()).isEqualTo("llm:test");
        assertThat(o.verification().endpoint().spec().name()).isEqualTo("get_publisher_of_hero_v1_bird_superhero");
        assertThat(o.attempts()).extracting(RestCodeGenLoop.Attempt::outcome).containsExactly("verified");
    }

    @Test
    void rejectedProposalsAreRetriedWithTheVerdictThenTheDeterministicGeneratorTakesOver() throws Exception {
        ScriptedModel m = new ScriptedModel("no json here", WRONG, WRONG);
        RestCodeGenLoop.Outcome o = run(m);
        assertThat(o.verified()).isTrue();
        assertThat(o.producedBy()).isEqualTo("deterministic");
        assertThat(o.attempts()).extracting(RestCodeGenLoop.Attempt::outcome)
                .containsExactly("llm_unparseable", "answer_mismatch", "answer_mismatch", "verified");
        assertThat(m.prompts.get(1)).contains("was rejected: llm_unparseable");
        assertThat(m.prompts.get(2)).contains("was rejected: answer_mismatch");
    }

    @Test
    void anInfrastructureFailureIsNotAModelFailure() throws Exception {
        RestCodeGenLoop.Outcome o = run(new ScriptedModel(ModelCallException.of(ErrorKind.TIMEOUT, "scripted-test-model", "timed out")));
        assertThat(o.attempts()).extracting(RestCodeGenLoop.Attempt::outcome).containsExactly("infra_error", "verified");
        assertThat(o.producedBy()).isEqualTo("deterministic");
    }
}
