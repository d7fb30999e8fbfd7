package dev.ibench.workflows.multiturn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.multiturn.BfclMemoryConversationRef;
import dev.ibench.activities.multiturn.BfclMemoryModelActivities;
import dev.ibench.activities.multiturn.BfclMemoryScenarioRef;
import dev.ibench.activities.multiturn.BfclMemoryScenarioStart;
import dev.ibench.activities.multiturn.BfclMemoryStepRef;
import dev.ibench.activities.multiturn.BfclMemoryToolActivities;
import dev.ibench.activities.multiturn.MultiTurnEntryRef;
import dev.ibench.activities.multiturn.MultiTurnExecSummary;
import dev.ibench.activities.multiturn.MultiTurnSessionActivities;
import dev.ibench.activities.multiturn.MultiTurnStepSummary;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The prerequisite conversations of a memory scenario as {@link BfclMemoryScenarioWorkflowImpl} runs them, with scripted
 * activities (test doubles): each conversation turn by turn (a step without calls ends its turn, a turn still calling
 * after the step limit ends the conversation), the memory stored after each conversation, none before the ones already
 * stored; the steps' spend summed.
 */
class BfclMemoryScenarioWorkflowTest {
    private static final String LLM = TaskQueues.llm("memory-test");

    private final List<String> thought = new CopyOnWriteArrayList<>();
    private final List<String> executed = new CopyOnWriteArrayList<>();
    private final List<Integer> snapshotsTaken = new CopyOnWriteArrayList<>();

    /**
     * Runs the scenario whose conversations have {@code turns} turns each, {@code filled} of them stored before; the
     * scripted model calls at the steps named in {@code calls} (conversation.turn.step) and at no other.
     */
    private TrajectorySpend run(List<Integer> turns, int filled, Map<String, Integer> calls, int stepsPerTurn, String failAt) {
        try (TestWorkflowEnvironment env = environment((BfclMemoryModelActivities) ref -> {
                String at = key(ref);
                thought.add(at);
                if (at.equals(failAt)) {
                    throw ApplicationFailure.newNonRetryableFailure("401 from the endpoint", "EndpointRejected");
                }
                return new MultiTurnStepSummary(ref.turn(), ref.step(), calls.getOrDefault(at, 0), "f()", false, 100, 10, 0.001, false);
            }, new BfclMemoryToolActivities() {
                @Override
                public BfclMemoryScenarioStart begin(BfclMemoryScenarioRef ref) {
                    assertThat(ref).isEqualTo(new BfclMemoryScenarioRef("cell", "notetaker", 1));
                    return new BfclMemoryScenarioStart(turns, filled);
                }

                @Override
                public MultiTurnExecSummary execute(BfclMemoryStepRef ref) {
                    executed.add(key(ref));
                    return new MultiTurnExecSummary(1, "None", false, false);
                }

                @Override
                public String snapshot(BfclMemoryConversationRef ref) {
                    snapshotsTaken.add(ref.conversation());
                    return "sha256:" + "0".repeat(63) + ref.conversation();
                }
            })) {
            env.start();
            BfclMemoryScenarioWorkflow wf = scenario(env);
            return wf.run(new BfclMemoryScenarioInput("c", "cell", "m", LLM, "notetaker", 1, stepsPerTurn));
        }
    }

    /** Scripted tools of a scenario whose model calls nothing: {@code start} begins it, each snapshot is recorded. */
    private final class NoCallTools implements BfclMemoryToolActivities {
        private final java.util.function.Supplier<BfclMemoryScenarioStart> start;

        NoCallTools(java.util.function.Supplier<BfclMemoryScenarioStart> start) {
            this.start = start;
        }

        @Override
        public BfclMemoryScenarioStart begin(BfclMemoryScenarioRef ref) {
            return start.get();
        }

        @Override
        public MultiTurnExecSummary execute(BfclMemoryStepRef ref) {
            throw new AssertionError("no step calls");
        }

        @Override
        public String snapshot(BfclMemoryConversationRef ref) {
            snapshotsTaken.add(ref.conversation());
            return "sha256:" + "0".repeat(63) + ref.conversation();
        }
    }

    /** An environment (not started) running the scenario workflow with {@code model} on the LLM queue and {@code tools}. */
    private static TestWorkflowEnvironment environment(BfclMemoryModelActivities model, BfclMemoryToolActivities tools) {
        TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
        env.newWorker(TaskQueues.WORKFLOWS).registerWorkflowImplementationTypes(BfclMemoryScenarioWorkflowImpl.class);
        env.newWorker(LLM).registerActivitiesImplementations(model);
        env.newWorker(TaskQueues.TOOLS).registerActivitiesImplementations(tools);
        return env;
    }

    private static BfclMemoryScenarioWorkflow scenario(TestWorkflowEnvironment env) {
        return env.getWorkflowClient().newWorkflowStub(BfclMemoryScenarioWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("memory-1").build());
    }

    private static String key(BfclMemoryStepRef ref) {
        return ref.conversation() + "." + ref.turn() + "." + ref.step();
    }

    @Test
    void everyConversationRunsTurnByTurnAndItsMemoryIsStoredAfterIt() {
        TrajectorySpend spend = run(List.of(2, 1), 0, Map.of("0.0.1", 1, "0.1.1", 2, "0.1.2", 1, "1.0.1", 1), 20, null);
        assertThat(thought).containsExactly("0.0.1", "0.0.2", "0.1.1", "0.1.2", "0.1.3", "1.0.1", "1.0.2");
        assertThat(executed).containsExactly("0.0.1", "0.1.1", "0.1.2", "1.0.1");
        assertThat(snapshotsTaken).containsExactly(0, 1);
        // by hand: 7 steps of 100 + 10 tokens, $0.001 each
        assertThat(spend.promptTokens()).isEqualTo(700);
        assertThat(spend.completionTokens()).isEqualTo(70);
        assertThat(spend.costUsd()).isCloseTo(0.007, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aScenarioWithStoredMemoryResumesAfterTheLastStoredConversation() {
        run(List.of(1, 1, 1), 2, Map.of(), 20, null);
        assertThat(thought).containsExactly("2.0.1");
        assertThat(snapshotsTaken).containsExactly(2);
    }

    @Test
    void aTurnStillCallingAfterTheLimitEndsItsConversationWhoseMemoryIsStillStored() {
        // limit 1: steps 1 and 2 run and execute, then the conversation quits (bfcl-eval's force_quit) and is flushed
        run(List.of(2, 1), 0, Map.of("0.0.1", 1, "0.0.2", 1, "0.0.3", 1), 1, null);
        assertThat(thought).containsExactly("0.0.1", "0.0.2", "1.0.1");
        assertThat(executed).containsExactly("0.0.1", "0.0.2");
        assertThat(snapshotsTaken).containsExactly(0, 1);
    }

    @Test
    void aPausedScenarioAsksTheModelNothingUntilResumed() throws Exception {
        java.util.concurrent.CountDownLatch firstStepAsked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        try (TestWorkflowEnvironment env = environment((BfclMemoryModelActivities) ref -> {
                thought.add(key(ref));
                if (thought.size() == 1) {
                    firstStepAsked.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return new MultiTurnStepSummary(ref.turn(), ref.step(), 0, "", false, 100, 10, null, false);
            }, new NoCallTools(() -> new BfclMemoryScenarioStart(List.of(1, 1), 0)))) {
            env.start();
            BfclMemoryScenarioWorkflow wf = scenario(env);
            io.temporal.client.WorkflowClient.start(wf::run, new BfclMemoryScenarioInput("c", "cell", "m", LLM, "notetaker", 1, 20));
            firstStepAsked.await();
            wf.pause();
            release.countDown();
            // the step in flight finishes and its conversation's memory is stored; the next conversation's step waits
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
            while (snapshotsTaken.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            Thread.sleep(500);
            assertThat(thought).as("asked while paused").containsExactly("0.0.1");
            wf.resume();
            env.getWorkflowClient().newUntypedWorkflowStub("memory-1").getResult(TrajectorySpend.class);
            assertThat(thought).containsExactly("0.0.1", "1.0.1");
            assertThat(snapshotsTaken).containsExactly(0, 1);
        }
    }

    @Test
    void aLongScenarioContinuesAsNewAfterAStoredConversationAndPaysEachStepOnce() {
        List<Integer> startsAt = new CopyOnWriteArrayList<>();
        try (TestWorkflowEnvironment env = environment((BfclMemoryModelActivities) ref -> {
                thought.add(key(ref));
                return new MultiTurnStepSummary(ref.turn(), ref.step(), 0, "", false, 100, 10, 0.001, false);
            }, new NoCallTools(() -> {
                startsAt.add(snapshotsTaken.size()); // the store's snapshots so far, as the real activity reads them
                return new BfclMemoryScenarioStart(List.of(1, 1, 1, 1), snapshotsTaken.size());
            }))) {
            env.start();
            BfclMemoryScenarioWorkflow wf = scenario(env);
            // a bound of 12 events: a run's first conversation (begin, think, snapshot: about 14 events) passes it
            TrajectorySpend spend = wf.run(new BfclMemoryScenarioInput("c", "cell", "m", LLM, "notetaker", 1, 20, null, 12));
            assertThat(startsAt).as("each run begins after the memory stored before it").containsExactly(0, 1, 2, 3);
            assertThat(thought).containsExactly("0.0.1", "1.0.1", "2.0.1", "3.0.1");
            assertThat(snapshotsTaken).containsExactly(0, 1, 2, 3);
            // by hand: 4 steps of 100 + 10 tokens, $0.001 each, summed over the four runs
            assertThat(spend.promptTokens()).isEqualTo(400);
            assertThat(spend.completionTokens()).isEqualTo(40);
            assertThat(spend.costUsd()).isCloseTo(0.004, org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    @Test
    void aStoredConversationClosesItsInterpretersOnTheWorkersThatHeldThem() {
        String worker1 = TaskQueues.TOOLS + "/sessions-w1";
        String worker2 = TaskQueues.TOOLS + "/sessions-w2";
        List<String> closed = new CopyOnWriteArrayList<>();
        try (TestWorkflowEnvironment env = environment((BfclMemoryModelActivities) ref ->
                    new MultiTurnStepSummary(ref.turn(), ref.step(), ref.step() == 1 ? 1 : 0, "f()", false, 100, 10, null, false), new BfclMemoryToolActivities() {
                @Override
                public BfclMemoryScenarioStart begin(BfclMemoryScenarioRef ref) {
                    return new BfclMemoryScenarioStart(List.of(2, 1), 0);
                }

                @Override
                public MultiTurnExecSummary execute(BfclMemoryStepRef ref) {
                    // conversation 0: turn 0 on worker 1, turn 1 on worker 2 (rebuilt there); conversation 1 on worker 2
                    String queue = ref.conversation() == 0 && ref.turn() == 0 ? worker1 : worker2;
                    return new MultiTurnExecSummary(1, "None", false, false, queue);
                }

                @Override
                public String snapshot(BfclMemoryConversationRef ref) {
                    closed.add("snapshot " + ref.conversation());
                    return "sha256:" + "0".repeat(63) + ref.conversation();
                }
            })) {
            for (String worker : List.of(worker1, worker2)) {
                env.newWorker(worker).registerActivitiesImplementations(new MultiTurnSessionActivities() {
                    @Override
                    public void close(MultiTurnEntryRef entry) {
                        throw new AssertionError("not an entry");
                    }

                    @Override
                    public void closeMemoryConversation(BfclMemoryConversationRef conversation) {
                        closed.add(worker.substring(worker.length() - 2) + " closes " + conversation.conversation());
                    }
                });
            }
            env.start();
            BfclMemoryScenarioWorkflow wf = scenario(env);
            wf.run(new BfclMemoryScenarioInput("c", "cell", "m", LLM, "notetaker", 1, 20));
        }
        // the two workers' closes of conversation 0 run at once: in either order, both before conversation 1's snapshot
        assertThat(closed).hasSize(5);
        assertThat(closed.get(0)).isEqualTo("snapshot 0");
        assertThat(closed.subList(1, 3)).containsExactlyInAnyOrder("w1 closes 0", "w2 closes 0");
        assertThat(closed.subList(3, 5)).containsExactly("snapshot 1", "w2 closes 1");
    }

    @Test
    void aFailedStepFailsTheScenarioWithItsTypeAndNoLaterMemoryIsStored() {
        assertThatThrownBy(() -> run(List.of(1, 1), 0, Map.of(), 20, "1.0.1")).isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOf(ApplicationFailure.class)
                .satisfies(f -> assertThat(((ApplicationFailure) f).getType()).isEqualTo("EndpointRejected"))
                .hasMessageContaining("prerequisite conversation 2 turn 0 step 1: 401 from the endpoint");
        assertThat(snapshotsTaken).containsExactly(0);
    }
}
