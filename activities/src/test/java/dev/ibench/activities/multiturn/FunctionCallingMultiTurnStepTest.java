package dev.ibench.activities.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.NativeTurnText;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.testing.TestActivityEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A multi-turn step of a function-calling model (a {@code mode: tools} profile, issue 42 item 3) through the real model
 * step activity and results store, the model scripted (a {@link MultiTurnModel} test double that records what it is
 * sent): the first step goes out with the turn's functions as tools and no docs in a system prompt; its tool calls are
 * stored as a native turn that decodes to the calls bfcl-eval's FC handler executes; once executed, the next step carries
 * the assistant's tool calls and one tool message per result; a stored step is read back, never asked again.
 */
class FunctionCallingMultiTurnStepTest {
    @TempDir Path dir;

    @Test
    void stepsGoOutWithToolsAndComeBackAsToolMessages() throws Exception {
        Path set = Files.writeString(dir.resolve("mt.json"), "{\"style\": \"bfcl_multi_turn\", \"category\": \"multi_turn_base\", "
                + "\"source\": \"x\", \"function_docs\": {\"MathAPI\": [{\"name\": \"add\", \"description\": \"Adds.\", \"parameters\": "
                + "{\"type\": \"dict\", \"properties\": {\"a\": {\"type\": \"integer\"}, \"b\": {\"type\": \"integer\"}}}}]}, "
                + "\"data\": [{\"id\": \"multi_turn_base_0\", \"category\": \"multi_turn_base\", "
                + "\"turns\": [[{\"role\": \"user\", \"content\": \"Add 1 and 2.\"}]], \"involved_classes\": [\"MathAPI\"], "
                + "\"initial_config\": {}, \"missed_function\": {}, \"ground_truth\": [[\"add(a=1, b=2)\"]]}]}");
        List<RenderedPrompt> sent = new CopyOnWriteArrayList<>();
        String firstTurn = new NativeTurnText("", List.of(new NativeTurnText.Call("call_x", "add", "{\"a\": 1, \"b\": 2}"))).stored();
        MultiTurnModel model = new MultiTurnModel() {
            @Override
            public ReactAgentModel.Reply next(BfclMultiTurnEntry entry, RenderedPrompt prompt, int turn, int step, int trial) {
                sent.add(prompt);
                String text = step == 1 ? firstTurn : new NativeTurnText("3", List.of()).stored();
                return new ReactAgentModel.Reply(text, null, 10, 5, 1L, false, null, null, null, false);
            }

            @Override
            public boolean functionCalling() {
                return true;
            }
        };
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c", "t", "{}");
            store.saveCell(new CellRecord("cell1", "c", "fc", "b", "react", "none", set.toString(), 1));
            store.saveCellSamples("cell1", List.of("multi_turn_base_0"));
            MultiTurnConversations conversations = new MultiTurnConversations(store, new EvalSetCache());
            TestActivityEnvironment env = TestActivityEnvironment.newInstance();
            env.registerActivitiesImplementations(new MultiTurnModelActivitiesImpl(conversations, cell -> model));
            MultiTurnModelActivities activities = env.newActivityStub(MultiTurnModelActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30)).setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build()).build());

            MultiTurnStepSummary step1 = activities.think(new MultiTurnStepRef("cell1", 0, 0, 0, 1));

            assertThat(step1.calls()).isEqualTo(1);
            List<List<BfclMultiTurnStep>> stored = conversations.steps("cell1", "multi_turn_base_0", 0, 0);
            assertThat(stored.get(0).get(0).decodedCalls()).as("bfcl-eval's convert_to_function_call").containsExactly("add(a=1,b=2)");
            assertThat(sent.get(0).messages()).containsExactly(ChatMessage.user("Add 1 and 2."));
            assertThat(sent.get(0).tools()).isEqualTo(List.of(Map.of("type", "function", "function", Map.of("name", "add",
                    "description", "Adds.", "parameters", Map.of("type", "object", "properties",
                            Map.of("a", Map.of("type", "integer"), "b", Map.of("type", "integer")))))));

            conversations.saveExecution("cell1", "multi_turn_base_0", 0, new MultiTurnStepRef("cell1", 0, 0, 0, 1), List.of("add(a=1,b=2)"), List.of("3"));
            activities.think(new MultiTurnStepRef("cell1", 0, 0, 0, 2));

            assertThat(sent.get(1).messages()).containsExactly(ChatMessage.user("Add 1 and 2."),
                    ChatMessage.assistant("", List.of(new ChatToolCall("call_x", "add", "{\"a\": 1, \"b\": 2}")), null),
                    ChatMessage.tool("call_x", "3"));
            String storedPrompt = store.stepPrompts("cell1", "multi_turn_base_0", 0).get(1);
            assertThat(Json.MAPPER.readValue(storedPrompt, RenderedPrompt.class)).isEqualTo(sent.get(1));

            MultiTurnStepSummary again = activities.think(new MultiTurnStepRef("cell1", 0, 0, 0, 2));
            assertThat(again.reused()).isTrue();
            assertThat(sent).as("a stored step is never asked again").hasSize(2);
            env.close();
        }
    }
}
