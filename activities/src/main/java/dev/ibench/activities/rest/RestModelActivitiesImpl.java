package dev.ibench.activities.rest;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ProfileGateways.ProfileModel;
import dev.ibench.activities.rest.RestWorkStore.ProposalRecord;
import dev.ibench.activities.rest.RestWorkStore.VerdictRecord;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.rest.CodeGenPrompt;
import dev.ibench.core.rest.CodeGenRequest;
import dev.ibench.core.rest.EndpointResult;
import dev.ibench.core.rest.GeneratedEndpoint;
import dev.ibench.core.rest.JudgeVerdict;
import dev.ibench.core.rest.LlmEndpointProposal;
import dev.ibench.core.rest.LlmJudgeAnswer;
import dev.ibench.core.rest.LlmJudgePrompt;
import dev.ibench.core.rest.RestGenerationException;
import dev.ibench.core.runtime.OrderSensitivity;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * Code-gen and LLM judge through the model gateway (response cache first, so a retried or resumed step never pays
 * twice). A model that refuses the request itself (context too long, bad request) ends that step with reason
 * {@code llm_rejected}; an endpoint that refuses every request (bad key, unknown model) fails the step
 * non-retryably ({@link ModelCallFailures#ENDPOINT_REJECTED}); timeouts, 429s and 5xx are retried by Temporal.
 */
public final class RestModelActivitiesImpl implements RestModelActivities {
    /** JSON schema the proposal must follow; passed as constrained decoding where the provider supports it. */
    public static final String PROPOSAL_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"slug\":{\"type\":\"string\"},\"summary\":{\"type\":\"string\"},\"description\":{\"type\":\"string\"},"
            + "\"parameters\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
            + "\"type\":{\"type\":\"string\",\"enum\":[\"string\",\"integer\",\"number\"]},\"description\":{\"type\":\"string\"}},"
            + "\"required\":[\"name\",\"type\",\"description\"]}},"
            + "\"sql\":{\"type\":\"string\"},\"arguments\":{\"type\":\"object\"}},"
            + "\"required\":[\"slug\",\"summary\",\"description\",\"parameters\",\"sql\",\"arguments\"]}";
    static final int CODEGEN_MIN_TOKENS = 512;
    static final int JUDGE_MAX_TOKENS = 200;
    private static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(5);

    private final RestDatabases databases;
    private final Function<String, ProfileModel> models;
    private final RestWorkRecords records;

    public RestModelActivitiesImpl(RestDatabases databases, Function<String, ProfileModel> models, RestWorkRecords records) {
        this.databases = databases;
        this.models = models;
        this.records = records;
    }

    @Override
    public RestStepOutcome propose(RestStep step) {
        RestJob job = step.job();
        RestWorkStore store = RestWorkStore.of(job, records);
        String q = step.questionId();
        return RestGenerationActivitiesImpl.outcome(store.proposal(q, step.attempt(), () -> askModel(job, store, q, step.attempt())));
    }

    private ProposalRecord askModel(RestJob job, RestWorkStore store, String q, int attempt) {
        RestDatabases.Context ctx = databases.context(job);
        Question question = databases.question(job, q);
        String feedback = attempt > 1 ? store.failureOf(q, attempt - 1) : null;
        String prompt = CodeGenPrompt.render(new CodeGenRequest(job.source(), job.dbId(), question,
                CodeGenPrompt.columnDescriptions(question.sql(), ctx.db(), ctx.schema()), feedback, attempt));
        ProfileModel model = models.apply(job.codegenProfile());
        String producer = "llm:" + job.codegenProfile();
        DecodingSettings decoding = new DecodingSettings(Math.max(CODEGEN_MIN_TOKENS, model.profile().maxTokens()), 0.0,
                model.profile().stop(), PROPOSAL_SCHEMA).withServer(ModelRequests.serverSettings(model.profile()));
        String answer;
        try {
            answer = call(model, prompt, decoding, job.dbId() + "-" + q + "-codegen-" + attempt);
        } catch (ModelCallException e) {
            return new ProposalRecord(producer, null, "llm_rejected", e.getMessage());
        }
        try {
            GeneratedEndpoint endpoint = LlmEndpointProposal.parse(answer, job.source(), job.dbId(), job.codegenProfile(),
                    OrderSensitivity.ordered(question.sql()));
            return new ProposalRecord(producer, endpoint, null, null);
        } catch (RestGenerationException e) {
            return new ProposalRecord(producer, null, e.reason(), e.getMessage());
        }
    }

    @Override
    public RestJudgeOutcome llmJudge(RestStep step) {
        RestJob job = step.job();
        RestWorkStore store = RestWorkStore.of(job, records);
        String q = step.questionId();
        VerdictRecord stored = store.llmVerdict(q, step.attempt(), () -> new VerdictRecord(askJudge(job, store, q, step.attempt()), false));
        return new RestJudgeOutcome(stored.verdict().match(), false, stored.verdict().judge(), stored.verdict().rationale());
    }

    private JudgeVerdict askJudge(RestJob job, RestWorkStore store, String q, int attempt) {
        EndpointResult result = store.requireResult(q, attempt);
        ProfileModel model = models.apply(job.judgeProfile());
        String judge = "llm:" + job.judgeProfile();
        String prompt = LlmJudgePrompt.render(store.gold(q), result);
        try {
            String answer = call(model, prompt, new DecodingSettings(JUDGE_MAX_TOKENS, 0.0, model.profile().stop(), null)
                    .withServer(ModelRequests.serverSettings(model.profile())),
                    job.dbId() + "-" + q + "-judge-" + attempt);
            return LlmJudgeAnswer.parse(answer, judge);
        } catch (ModelCallException e) {
            return new JudgeVerdict(false, judge, "llm_rejected: " + e.getMessage());
        } catch (RestGenerationException e) {
            return new JudgeVerdict(false, judge, e.reason() + ": " + e.getMessage());
        }
    }

    /**
     * One model call with heartbeats. Returns the text, throws {@link ModelCallException} when the model refused
     * this request, and an {@link ApplicationFailure} for everything Temporal should handle (retry or stop).
     */
    private static String call(ProfileModel model, String prompt, DecodingSettings decoding, String requestId) {
        ModelRequest request = new ModelRequest(model.profile().model(), RenderedPrompt.chat(List.of(ChatMessage.user(prompt)), List.of()),
                decoding, requestId);
        try {
            CallResult result = Heartbeating.call(() -> model.gateway().call(request), HEARTBEAT_EVERY, requestId);
            return result.response().text();
        } catch (ModelCallException e) {
            if (ModelCallFailures.sampleRejection(e.kind())) throw e;
            throw ModelCallFailures.forActivity(e);
        }
    }
}
