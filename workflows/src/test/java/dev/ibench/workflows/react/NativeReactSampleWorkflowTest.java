package dev.ibench.workflows.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.react.NativeAgentModel;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.NativeToolSpecs;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.react.NativeReactConversation;
import dev.ibench.core.react.ReactEnd;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.TaskQueues;
import io.temporal.client.WorkflowOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code react: {agent: native}} (issue 42 item 2): ReactSampleWorkflow on TestWorkflowEnvironment with the real
 * activities (results store, in-process tool runtime on the superhero SLOT set) and {@link NativeAgentModel} over a real
 * {@link ModelGateway} whose model is scripted (a {@link ModelClient} test double that records each request and answers
 * the next scripted turn). Each step is one request with the sample's tools; the earlier steps' calls come back as
 * assistant tool calls and their results as tool messages; a prose answer ends the trajectory; the outcome is classified
 * as a text agent's. (The wire format of these messages: activities' ToolConversationRequestTest.)
 */
class NativeReactSampleWorkflowTest {
    @TempDir Path dir;

    /** Answers the scripted turns in order and records every request. */
    private static final class ScriptedModel implements ModelClient {
        final List<ModelRequest> requests = new CopyOnWriteArrayList<>();
        private final List<ModelResponse> turns;

        ScriptedModel(List<ModelResponse> turns) {
            this.turns = turns;
        }

        @Override
        public String endpoint() {
            return "scripted";
        }

        @Override
        public ModelResponse complete(ModelRequest request) {
            requests.add(request);
            return turns.get(requests.size() - 1);
        }

        @Override
        public void close() {}
    }

    private static ModelResponse turn(String text, List<ChatToolCall> calls) {
        return new ModelResponse(text, List.of(), calls.isEmpty() ? "stop" : "tool_calls", 100, 20, 1, false, null, 0, calls);
    }

    @Test
    void eachStepIsOneTurnWithToolsAndEarlierCallsReturnAsToolMessages() throws Exception {
        ModelProfile profile = ProfileCatalog.parse("""
                name: mock
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: tools
                api: chat
                max_tokens: 64
                temperature: 0.0
                """, "mock.yaml");
        Path evalSet = SuperheroEvalSets.slot();
        List<NativeAgentModel> agent = new ArrayList<>();
        try (ReactHarness h = new ReactHarness(dir.resolve("r.sqlite"), m -> agent.get(0))) {
            EvalSample sample = h.evalSets.samples(evalSet.toString()).values().iterator().next();
            ToolCall gold = sample.output().get(0);
            String goldArguments = Json.MAPPER.writeValueAsString(gold.arguments());
            // step 1: the first gold call and a call whose arguments are a list (the model's format error); step 2: prose
            ChatToolCall first = new ChatToolCall("call_a", gold.name(), goldArguments);
            ChatToolCall listArguments = new ChatToolCall("call_b", gold.name(), "[1, 2]");
            ScriptedModel model = new ScriptedModel(List.of(turn("", List.of(first, listArguments)), turn("I cannot tell.", List.of())));
            agent.add(new NativeAgentModel(profile, new ModelGateway(profile, model, null, new EndpointLimiters(), RetryPolicy.none()),
                    DecodingOverrides.NONE, "cell1"));
            h.store.saveCampaign("c", "t", "{}");
            h.store.saveCell(new CellRecord("cell1", "c", "native", "b", "react", "none", evalSet.toString(), 1));
            h.store.saveCellSamples("cell1", List.of(sample.sampleId()));

            SampleOutcome outcome = h.env.getWorkflowClient().newWorkflowStub(ReactSampleWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("w-native").build())
                    .run(new ReactSampleInput("c", "cell1", "native", ReactHarness.LLM_QUEUE, 0, 0, 10, 1000));

            assertThat(model.requests).as("one request per step").hasSize(2);
            List<ToolExecutionRecord> executions = h.store.toolExecutions("cell1", sample.sampleId(), 0);
            String note = executions.stream().filter(r -> r.step() == 0).findFirst().orElseThrow().observation();
            List<ChatMessage> firstTurn = List.of(ChatMessage.system(NativeReactConversation.INSTRUCTIONS),
                    ChatMessage.user(sample.input() + "\n\n" + note));
            for (ModelRequest request : model.requests) {
                assertThat(request.prompt().isRaw()).isFalse();
                assertThat(request.prompt().tools()).as("every step carries the sample's tools").isEqualTo(NativeToolSpecs.openAi(sample.tools()));
                assertThat(request.decoding().stop()).as("no stop at Observation: the text loop's format is not asked for").isEmpty();
            }
            assertThat(model.requests.get(0).prompt().messages()).isEqualTo(firstTurn);

            ToolExecutionRecord step1 = executions.stream().filter(r -> r.step() == 1).findFirst().orElseThrow();
            List<String> observations = List.of(Json.MAPPER.readValue(step1.observation(), String[].class));
            assertThat(observations).hasSize(2);
            assertThat(observations.get(0)).startsWith("$RESULT_1$");
            assertThat(observations.get(1)).isEqualTo("Error: the arguments of " + gold.name() + " are not a JSON object: [1, 2]");
            List<ChatMessage> secondTurn = new ArrayList<>(firstTurn);
            secondTurn.add(ChatMessage.assistant("", List.of(first, listArguments), null));
            secondTurn.add(ChatMessage.tool("call_a", observations.get(0)));
            secondTurn.add(ChatMessage.tool("call_b", observations.get(1)));
            assertThat(model.requests.get(1).prompt().messages()).isEqualTo(secondTurn);
            // what each step sent is stored as its prompt (campaign export --with-prompts)
            String storedStep2 = h.store.stepPrompts("cell1", sample.sampleId(), 0).get(1);
            assertThat(Json.MAPPER.readValue(storedStep2, RenderedPrompt.class).messages()).isEqualTo(secondTurn);

            ReactOutcome scored = h.outcomes("cell1").get(0);
            assertThat(outcome.completed()).isFalse();
            assertThat(scored.end()).isEqualTo(ReactEnd.FINAL_ANSWER);
            assertThat(scored.finalAnswer()).isEqualTo("I cannot tell.");
            assertThat(scored.loops()).isEqualTo(2);
            assertThat(scored.parseFailures()).as("the list arguments").isEqualTo(1);
            assertThat(scored.calls()).containsExactly(new ToolCall(gold.name(), gold.arguments(), "RESULT_1"));
            assertThat(outcome.promptTokens()).isEqualTo(200);
        }
    }
}
