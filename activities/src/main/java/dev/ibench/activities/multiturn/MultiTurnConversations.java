package dev.ibench.activities.multiturn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.activities.bfcl.BfclMemorySnapshots;
import dev.ibench.activities.store.BfclMemoryRows;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.NotInStore;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.json.Json;
import io.temporal.failure.ApplicationFailure;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A multi-turn conversation as it lives in the results store: the model's text of turn t, step k in {@code model_calls}
 * under step {@code t * 100 + k} (its decoded calls are derived from it), the executed calls and their results in
 * {@code tool_executions} under the same step ({@code call_json} {@code {"turn", "step", "calls"}}, {@code observation}
 * the JSON list of results).
 */
public final class MultiTurnConversations {
    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final BfclMemoryEntries memory;

    /** Conversations of multi-turn sets only: a memory question is refused with a sentence saying why. */
    public MultiTurnConversations(ResultsStore store, EvalSetCache evalSets) {
        this(store, evalSets, null);
    }

    /** Conversations of multi-turn and memory sets; {@code snapshots}: where a memory scenario's snapshots are. */
    public MultiTurnConversations(ResultsStore store, EvalSetCache evalSets, BfclMemorySnapshots snapshots) {
        this.store = store;
        this.evalSets = evalSets;
        this.memory = new BfclMemoryEntries(evalSets, new BfclMemoryRows(store.database()), snapshots);
    }

    /** The memory scenarios' conversations and their stored memory. */
    public BfclMemoryEntries memory() {
        return memory;
    }

    public ResultsStore store() {
        return store;
    }

    public CellRecord cell(String cellId) {
        return store.cell(cellId).orElseThrow(() -> NotInStore.cell(store, cellId));
    }

    public String sampleId(String cellId, int position, int trial) {
        return CampaignPlanningActivitiesImpl.sampleIdOf(store, new WorkItem(cellId, position, trial));
    }

    /**
     * The conversation of item {@code sampleId}, trial {@code trial}: a multi-turn entry, or a memory question starting from
     * its scenario's final memory in that trial, with the memory instruction bfcl-eval gives it.
     */
    public BfclMultiTurnEntry entry(CellRecord cell, String sampleId, int trial) {
        try {
            if (evalSets.isMemory(cell.evalSet())) {
                return memory.question(cell, sampleId, trial);
            }
            return evalSets.multiTurnEntry(cell.evalSet(), sampleId);
        } catch (IllegalArgumentException e) {
            throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), "UnknownSample");
        }
    }

    public Map<String, List<Map<String, Object>>> functionDocs(CellRecord cell) {
        if (evalSets.isMemory(cell.evalSet())) {
            return memory.functionDocs(cell);
        }
        return evalSets.multiTurn(cell.evalSet()).functionDocs();
    }

    public Optional<ModelCallRecord> modelCall(ConversationStep at) {
        return store.modelCall(at.cellId(), at.sampleId(), at.trial(), at.storeStep());
    }

    /**
     * The stored steps of turns 0..{@code lastTurn} (each turn's steps in order, up to the first one not stored), with the
     * results of the executed ones.
     */
    public List<List<BfclMultiTurnStep>> steps(String cellId, String sampleId, int trial, int lastTurn) {
        Map<Integer, ToolExecutionRecord> executions = new HashMap<>();
        for (ToolExecutionRecord r : store.toolExecutions(cellId, sampleId, trial)) {
            executions.put(r.step(), r);
        }
        List<List<BfclMultiTurnStep>> turns = new ArrayList<>();
        for (int t = 0; t <= lastTurn; t++) {
            List<BfclMultiTurnStep> steps = new ArrayList<>();
            for (int k = 1; k < MultiTurnStepRef.STEPS_PER_TURN_KEY; k++) {
                int key = t * MultiTurnStepRef.STEPS_PER_TURN_KEY + k;
                Optional<ModelCallRecord> call = store.modelCall(cellId, sampleId, trial, key);
                if (call.isEmpty()) {
                    break;
                }
                ToolExecutionRecord exec = executions.get(key);
                steps.add(new BfclMultiTurnStep(call.get().rawOutput(), BfclMultiTurnDecoder.decode(call.get().rawOutput()),
                        exec == null ? null : results(exec)));
            }
            turns.add(steps);
        }
        return turns;
    }

    /** The executed steps' calls in execution order: what rebuilds a lost interpreter's state. */
    public List<ExecutedStep> executed(String cellId, String sampleId, int trial) {
        List<ExecutedStep> out = new ArrayList<>();
        store.toolExecutions(cellId, sampleId, trial).stream().sorted(java.util.Comparator.comparingInt(ToolExecutionRecord::step))
                .forEach(r -> out.add(new ExecutedStep(r.step(), calls(r))));
        return out;
    }

    public record ExecutedStep(int storeStep, List<String> calls) {}

    public Optional<ToolExecutionRecord> execution(ConversationStep at) {
        return store.toolExecutions(at.cellId(), at.sampleId(), at.trial()).stream().filter(r -> r.step() == at.storeStep()).findFirst();
    }

    public void saveExecution(String cellId, String sampleId, int trial, MultiTurnStepRef ref, List<String> calls, List<String> results) {
        saveExecution(ConversationStep.of(ref, sampleId), calls, results);
    }

    public void saveExecution(ConversationStep at, List<String> calls, List<String> results) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("turn", at.turn());
        call.put("step", at.step());
        call.put("calls", calls);
        store.saveToolExecution(new ToolExecutionRecord(at.cellId(), at.sampleId(), at.trial(), at.storeStep(), json(call), json(results), true));
    }

    public static List<String> results(ToolExecutionRecord r) {
        try {
            return Json.MAPPER.readValue(r.observation(), new TypeReference<List<String>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cell " + r.cellId() + " sample " + r.sampleId() + " step " + r.step() + ": results are not a JSON list", e);
        }
    }

    static List<String> calls(ToolExecutionRecord r) {
        try {
            return Json.MAPPER.convertValue(Json.MAPPER.readTree(r.callJson()).path("calls"), new TypeReference<List<String>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cell " + r.cellId() + " sample " + r.sampleId() + " step " + r.step() + ": calls unreadable", e);
        }
    }

    static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A one-line preview for activity summaries and details, cut at {@code max} characters. */
    static String preview(List<String> items, int max) {
        String text = String.join(", ", items);
        return text.length() <= max ? text : text.substring(0, max - 3) + "...";
    }
}
