package dev.ibench.activities.multiturn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.artifact.DirectoryArtifactStore;
import dev.ibench.activities.bfcl.BfclMemorySnapshots;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.store.BfclMemoryRows;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestActivityEnvironment;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BFCL memory cell's steps against the real results and artifact stores, the model scripted (a test double that records
 * what it is sent), no backends: a prerequisite conversation's step is asked with bfcl-eval's memory instruction showing
 * the memory stored before it, stored under the conversation's id and read back, never asked again; a question starts
 * from the memory after all its scenario's conversations (its snapshot and answer format), is refused in one sentence
 * while that memory is not stored, and is judged by the agentic checker on its texts; the oracle's steps.
 */
class BfclMemoryStepsTest {
    @TempDir Path dir;

    private static final BfclMemoryEvalSet SET = new BfclMemoryEvalSet("memory_kv", "MemoryAPI_kv", "BFCL_v4_memory.json",
            List.of(Map.of("name", "archival_memory_add", "description", "Adds.", "parameters", Map.of("type", "dict", "properties",
                    Map.of("key", Map.of("type", "string"), "value", Map.of("type", "string"))))),
            Map.of("notetaker", List.of(
                    new BfclMemoryPrerequisite("memory_kv_prereq_0-notetaker-0", "t", List.of(List.of(Map.of("role", "user", "content", "My dog is Rex.")))),
                    new BfclMemoryPrerequisite("memory_kv_prereq_1-notetaker-1", "t", List.of(List.of(Map.of("role", "user", "content", "I like tea.")))))),
            List.of(new BfclMemoryQuestion("memory_kv_0-notetaker-0", "notetaker", List.of(Map.of("role", "user", "content", "Dog's name?")),
                    List.of("Rex"))));

    @Test
    void prerequisiteAndQuestionStepsStartFromTheStoredMemory() throws Exception {
        Path set = dir.resolve("memory.json");
        Files.writeString(set, SET.toJson().toString());
        List<RenderedPrompt> sent = new CopyOnWriteArrayList<>();
        List<String> replies = new CopyOnWriteArrayList<>(List.of("[archival_memory_add(key='dog', value='Rex')]",
                "{'answer': 'rex', 'context': 'from my notes'}"));
        MultiTurnModel model = (entry, prompt, turn, step, trial) -> {
            sent.add(prompt);
            return new ReactAgentModel.Reply(replies.remove(0), null, 10, 5, 1L, false, null, null, null, false);
        };
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c", "t", "{}");
            CellRecord cell = new CellRecord("cell1", "c", "m", "b", "react", "none", set.toString(), 1);
            store.saveCell(cell);
            store.saveCellSamples("cell1", List.of("memory_kv_0-notetaker-0"));
            BfclMemorySnapshots snapshots = new BfclMemorySnapshots(new DirectoryArtifactStore(dir.resolve("artifacts")));
            MultiTurnConversations conversations = new MultiTurnConversations(store, new EvalSetCache(), snapshots);
            BfclMemoryRows rows = conversations.memory().rows();
            MultiTurnModelActivitiesImpl stepsImpl = new MultiTurnModelActivitiesImpl(conversations, c -> model);
            TestActivityEnvironment env = TestActivityEnvironment.newInstance();
            env.registerActivitiesImplementations(stepsImpl, new BfclMemoryModelActivitiesImpl(conversations, stepsImpl));
            ActivityOptions once = ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(30))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build()).build();
            MultiTurnModelActivities steps = env.newActivityStub(MultiTurnModelActivities.class, once);
            BfclMemoryModelActivities memorySteps = env.newActivityStub(BfclMemoryModelActivities.class, once);

            // the second conversation starts from the memory the first left (row 1)
            String snapshot = "{\"core_memory\": {}, \"archival_memory\": {\"dog\": \"Rex\"}}";
            rows.save("cell1", 0, "notetaker", new BfclMemoryRows.Row(0, null, "{}"));
            rows.save("cell1", 0, "notetaker", new BfclMemoryRows.Row(1, snapshots.put(snapshot).toString(), "CORE: (empty)"));
            BfclMemoryStepRef second = new BfclMemoryStepRef("cell1", "notetaker", 0, 1, 0, 1);
            MultiTurnStepSummary asked = memorySteps.think(second);
            assertThat(asked.calls()).isEqualTo(1);
            assertThat(asked.reused()).isFalse();
            List<ChatMessage> messages = sent.get(0).messages();
            assertThat(messages.get(0).content()).contains("Here is the content of your Core Memory from previous interactions:\nCORE: (empty)\n")
                    .contains("archival_memory_add").doesNotContain("For your final answer");
            assertThat(messages.get(messages.size() - 1)).isEqualTo(ChatMessage.user("I like tea."));
            assertThat(store.modelCall("cell1", "memory_kv_prereq_1-notetaker-1", 0, 1)).map(ModelCallRecord::rawOutput)
                    .contains("[archival_memory_add(key='dog', value='Rex')]");
            assertThat(memorySteps.think(second).reused()).as("a stored step is read back").isTrue();
            assertThat(sent).hasSize(1);

            // the question: refused while the scenario's memory after both conversations is not stored
            assertThatThrownBy(() -> conversations.entry(cell, "memory_kv_0-notetaker-0", 0)).isInstanceOf(ApplicationFailure.class)
                    .hasMessageContaining("cell cell1 trial 0: the memory of scenario notetaker after 2 prerequisite conversations is not stored")
                    .satisfies(f -> assertThat(((ApplicationFailure) f).getType()).isEqualTo(BfclMemoryEntries.NOT_FILLED));
            String last = snapshot.replace("}}", ", \"tea\": \"yes\"}}");
            rows.save("cell1", 0, "notetaker", new BfclMemoryRows.Row(2, snapshots.put(last).toString(), "CORE: tea"));
            BfclMultiTurnEntry question = conversations.entry(cell, "memory_kv_0-notetaker-0", 0);
            assertThat(question.initialConfig()).isEqualTo(Map.of("MemoryAPI_kv", Map.of("memory_snapshot", last, "scenario", "notetaker",
                    "test_id", "memory_kv_0-notetaker-0")));
            MultiTurnStepSummary answered = steps.think(new MultiTurnStepRef("cell1", 0, 0, 0, 1));
            assertThat(answered.endsTurn()).isTrue();
            assertThat(sent.get(1).messages().get(0).content()).contains("CORE: tea").contains("For your final answer to the user");

            // judged by the agentic checker: 'rex' is found in the answer, whatever its case
            MultiTurnScoringActivitiesImpl scoring = new MultiTurnScoringActivitiesImpl(conversations, () -> {
                throw new AssertionError("a memory question is not executed again to be scored");
            }, new MultiTurnSessions(() -> null));
            assertThat(scoring.turns(new MultiTurnEntryRef("cell1", 0, 0))).isEqualTo(1);
            assertThat(scoring.finish(new MultiTurnFinishRequest("cell1", 0, 0, 1)).completed()).isTrue();
            SampleResultRecord result = store.sampleResults("cell1").get(0);
            MultiTurnScore score = Json.MAPPER.readValue(result.scoreJson(), MultiTurnScore.class);
            assertThat(score.category()).isEqualTo("memory_kv");
            assertThat(score.valid()).isTrue();
            assertThat(score.errorType()).isNull();
        }
    }

    private static final RenderedPrompt PROMPT = RenderedPrompt.chat(List.of(ChatMessage.user("x")), List.of());

    @Test
    void theOracleFilesEachTurnInMemoryAndAnswersWithTheFirstPossibleAnswer() {
        OracleMemoryModel oracle = new OracleMemoryModel(id -> List.of("Rex", "rex the dog"));
        BfclMultiTurnEntry prereq = SET.prerequisiteEntry("notetaker", SET.prerequisites("notetaker").get(0), null);
        String first = oracle.next(prereq, PROMPT, 0, 1, 0).text();
        assertThat(BfclMultiTurnDecoder.decode(first)).containsExactly(
                "archival_memory_add(key='memory_kv_prereq_0_notetaker_0_turn_0', value='My dog is Rex.')");
        assertThat(oracle.next(prereq, PROMPT, 0, 2, 0).text()).as("the turn ends at its second step").isEmpty();
        BfclMultiTurnEntry recSum = new BfclMultiTurnEntry(prereq.id(), "memory_rec_sum_prereq", prereq.turns(), List.of("MemoryAPI_rec_sum"),
                Map.of(), Map.of(), List.of(List.of()));
        assertThat(BfclMultiTurnDecoder.decode(oracle.next(recSum, PROMPT, 0, 1, 0).text())).containsExactly("memory_append(text='My dog is Rex.\\n')");
        String answer = oracle.next(SET.questionEntry(SET.questions().get(0), null), PROMPT, 0, 1, 0).text();
        assertThat(answer).isEqualTo("{'answer': 'Rex', 'context': 'from my memory'}");
        assertThat(dev.ibench.core.bfcl.BfclAgenticChecker.check(List.of(answer), List.of("Rex")).valid()).isTrue();
    }

    @Test
    void aFunctionCallingStepWithoutCallsIsJudgedByItsText() {
        String nativeAnswer = new dev.ibench.core.sample.NativeTurnText("It is Rex.", List.of()).stored();
        assertThat(MultiTurnScoringActivitiesImpl.judgedText(nativeAnswer)).isEqualTo("It is Rex.");
        String nativeCall = new dev.ibench.core.sample.NativeTurnText("", List.of(new dev.ibench.core.sample.NativeTurnText.Call("c1",
                "archival_memory_key_search", "{\"query\": \"dog\"}"))).stored();
        assertThat(MultiTurnScoringActivitiesImpl.judgedText(nativeCall)).isEqualTo(nativeCall);
        assertThat(MultiTurnScoringActivitiesImpl.judgedText("plain text")).isEqualTo("plain text");
    }
}
