package dev.ibench.activities.rest;

import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelCallException;
import dev.ibench.activities.llm.ModelClient;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.rest.CodeGenPrompt;
import dev.ibench.core.rest.CodeGenRequest;
import dev.ibench.core.rest.DeterministicEndpointGenerator;
import dev.ibench.core.rest.EndpointVerification;
import dev.ibench.core.rest.EndpointVerifier;
import dev.ibench.core.rest.GeneratedEndpoint;
import dev.ibench.core.rest.LlmEndpointProposal;
import dev.ibench.core.rest.RestGenerationException;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.verify.OrderSensitivity;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * One question through the REST generation steps without Temporal: code-gen by a model (at most
 * {@code maxAttempts}, each retry carrying the previous verdict), execute and judge each proposal, then fall back
 * to the deterministic generator. Model infrastructure failures end the model attempts and are recorded as
 * {@code infra_error}, never as a rejected proposal. The future {@code RestGenerationWorkflow} runs the same steps
 * as activities; this class is what its activity bodies call.
 */
public final class RestCodeGenLoop {
    /** JSON schema the proposal must follow; passed as constrained decoding where the provider supports it. */
    public static final String PROPOSAL_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"slug\":{\"type\":\"string\"},\"summary\":{\"type\":\"string\"},\"description\":{\"type\":\"string\"},"
            + "\"parameters\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
            + "\"type\":{\"type\":\"string\",\"enum\":[\"string\",\"integer\",\"number\"]},\"description\":{\"type\":\"string\"}},"
            + "\"required\":[\"name\",\"type\",\"description\"]}},"
            + "\"sql\":{\"type\":\"string\"},\"arguments\":{\"type\":\"object\"}},"
            + "\"required\":[\"slug\",\"summary\",\"description\",\"parameters\",\"sql\",\"arguments\"]}";

    /** One attempt: who produced it ({@code llm:<profile>} or {@code deterministic}), its outcome ({@code verified} or a reason) and detail. */
    public record Attempt(int number, String producer, String outcome, String detail) {}

    /** The verified endpoint (null when every path failed), which path produced it, and every attempt. */
    public record Outcome(EndpointVerification verification, String producedBy, List<Attempt> attempts) {
        public boolean verified() {
            return verification != null && verification.verified();
        }
    }

    private final ModelClient client;
    private final String model;
    private final String profile;
    private final int maxAttempts;
    private final DecodingSettings decoding;
    private final EndpointVerifier verifier;

    public RestCodeGenLoop(ModelClient client, String model, String profile, int maxAttempts, DecodingSettings decoding, EndpointVerifier verifier) {
        this.client = client;
        this.model = model;
        this.profile = profile;
        this.maxAttempts = maxAttempts;
        this.decoding = decoding;
        this.verifier = verifier;
    }

    public Outcome generate(Connection readOnly, String source, DatabaseEntry db, SchemaIndex schema, Question q, List<List<Object>> goldRows) {
        List<Attempt> attempts = new ArrayList<>();
        List<String> columns = CodeGenPrompt.columnDescriptions(q.sql(), db, schema);
        boolean ordered = OrderSensitivity.ordered(q.sql());
        String verdict = null;
        for (int n = 1; client != null && n <= maxAttempts; n++) {
            String prompt = CodeGenPrompt.render(new CodeGenRequest(source, db.id(), q, columns, verdict, n));
            ModelResponse response;
            try {
                response = client.complete(new ModelRequest(model, RenderedPrompt.chat(List.of(ChatMessage.user(prompt)), List.of()), decoding,
                        db.id() + "-" + q.id() + "-codegen-" + n));
            } catch (ModelCallException e) {
                attempts.add(new Attempt(n, "llm:" + profile, "infra_error", e.getMessage()));
                break;
            }
            GeneratedEndpoint proposal;
            try {
                proposal = LlmEndpointProposal.parse(response.text(), source, db.id(), profile, ordered);
            } catch (RestGenerationException e) {
                attempts.add(new Attempt(n, "llm:" + profile, e.reason(), e.getMessage()));
                verdict = e.reason() + ": " + e.getMessage();
                continue;
            }
            EndpointVerification v = verifier.verify(readOnly, proposal, goldRows);
            if (v.verified()) {
                attempts.add(new Attempt(n, "llm:" + profile, "verified", v.verdict().rationale()));
                return new Outcome(v, "llm:" + profile, attempts);
            }
            attempts.add(new Attempt(n, "llm:" + profile, v.reason(), v.detail()));
            verdict = v.reason() + ": " + v.detail();
        }
        int n = attempts.size() + 1;
        try {
            GeneratedEndpoint fallback = new DeterministicEndpointGenerator(source, db, schema).generate(q);
            EndpointVerification v = verifier.verify(readOnly, fallback, goldRows);
            attempts.add(new Attempt(n, DeterministicEndpointGenerator.PRODUCER, v.verified() ? "verified" : v.reason(), v.detail()));
            return new Outcome(v, DeterministicEndpointGenerator.PRODUCER, attempts);
        } catch (RestGenerationException e) {
            attempts.add(new Attempt(n, DeterministicEndpointGenerator.PRODUCER, e.reason(), e.getMessage()));
            return new Outcome(null, null, attempts);
        }
    }
}
