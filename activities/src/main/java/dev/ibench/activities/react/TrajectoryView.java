package dev.ibench.activities.react;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ReasoningSeparator;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.react.ReactTurn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One stored trajectory as a person reads it ({@code ibench campaign trajectory}): the cell, the sample, its
 * outcome (the stored score JSON, null while running) and every step with its full observation.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrajectoryView(
        @JsonProperty("campaign_id") String campaignId,
        @JsonProperty("cell_id") String cellId,
        @JsonProperty("model") String model,
        @JsonProperty("benchmark") String benchmark,
        @JsonProperty("sample_id") String sampleId,
        @JsonProperty("trial") int trial,
        @JsonProperty("initial_observation") String initialObservation,
        @JsonProperty("outcome") Map<String, Object> outcome,
        @JsonProperty("status") String status,
        @JsonProperty("steps") List<Step> steps) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Step(
            @JsonProperty("step") int step,
            @JsonProperty("kind") String kind,
            @JsonProperty("thought") String thought,
            @JsonProperty("action") String action,
            @JsonProperty("action_input") Map<String, Object> actionInput,
            @JsonProperty("final_answer") String finalAnswer,
            @JsonProperty("observation") String observation,
            @JsonProperty("tool_ok") Boolean toolOk,
            @JsonProperty("raw_output") String rawOutput,
            @JsonProperty("reasoning") String reasoning) {
        public Step {
            reasoning = reasoning == null || reasoning.isBlank() ? null : reasoning;
        }
    }

    /** The trajectories of {@code sampleId} in the react cells of a campaign (one per cell and trial). */
    public static List<TrajectoryView> of(ResultsStore store, String campaignId, String sampleId) {
        ReactTrajectoryStore trajectories = new ReactTrajectoryStore(store);
        List<TrajectoryView> views = new ArrayList<>();
        for (CellRecord cell : store.cells(campaignId)) {
            if (!"react".equals(cell.mode()) || !store.cellSampleIds(cell.cellId()).contains(sampleId)) {
                continue;
            }
            for (int trial = 0; trial < cell.trials(); trial++) {
                List<ReactStep> steps = trajectories.allSteps(cell.cellId(), sampleId, trial);
                int t = trial;
                SampleResultRecord result = store.sampleResults(cell.cellId()).stream()
                        .filter(r -> r.sampleId().equals(sampleId) && r.trial() == t).findFirst().orElse(null);
                views.add(new TrajectoryView(campaignId, cell.cellId(), cell.model(), cell.benchmark(), sampleId, trial,
                        trajectories.initialObservation(cell.cellId(), sampleId, trial), outcome(result),
                        result == null ? "running" : result.status(), steps.stream().map(s -> step(s, store.modelCall(cell.cellId(), sampleId, t,
                                s.step()).map(ModelCallRecord::reasoning).orElse(null))).toList()));
            }
        }
        return views;
    }

    /** @param apart the reasoning the server returned apart from the step's output (null: none) */
    private static Step step(ReactStep s, String apart) {
        ReactTurn turn = s.turn();
        if (turn instanceof ReactTurn.Action a) {
            return new Step(s.step(), "action", a.thought(), a.tool(), a.arguments(), null, s.observation(),
                    s.observation() == null ? null : s.toolOk(), s.rawOutput(), reasoning(s, apart));
        }
        if (turn instanceof ReactTurn.NativeCalls n) {
            // a native turn: its calls as the model wrote them, and one observation per call (a JSON list)
            return new Step(s.step(), "tool_calls", n.thought(), n.calls().stream().map(ChatToolCall::name).collect(Collectors.joining(", ")),
                    s.call() == null ? null : s.call().arguments(), null, s.observation(), s.observation() == null ? null : s.toolOk(),
                    s.rawOutput(), reasoning(s, apart));
        }
        if (turn instanceof ReactTurn.FinalAnswer f) {
            return new Step(s.step(), "final_answer", f.thought(), null, null, f.answer(), null, null, s.rawOutput(), reasoning(s, apart));
        }
        return new Step(s.step(), "parse_failure", turn.thought(), null, null, null, s.observation(), false, s.rawOutput(),
                reasoning(s, apart));
    }

    /** The step's reasoning: returned apart by the server, then written in its output ({@code <think>}, harmony analysis); never its action. */
    private static String reasoning(ReactStep s, String apart) {
        String inline = s.rawOutput() == null ? "" : ReasoningSeparator.split(s.rawOutput()).reasoning();
        String separate = apart == null ? "" : apart.strip();
        return separate.isEmpty() ? inline : inline.isEmpty() ? separate : separate + "\n\n" + inline;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> outcome(SampleResultRecord result) {
        if (result == null || result.scoreJson() == null) {
            return null;
        }
        try {
            return Json.MAPPER.readValue(result.scoreJson(), Map.class);
        } catch (java.io.IOException e) {
            return Map.of("unreadable_score_json", result.scoreJson());
        }
    }
}
