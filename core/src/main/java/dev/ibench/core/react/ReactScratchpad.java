package dev.ibench.core.react;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import java.util.List;

/**
 * Writes the previous steps of a trajectory into the seed prompt's {@code {previousruns}} slot
 * (000 appendix G.1): {@code Thought / Action / Action Input / Observation} per step, observations cut to
 * the configured size. A step that could not be parsed shows the model's text and the format error as its
 * observation; the harness's note about the loaded starting data comes first.
 */
public final class ReactScratchpad {
    private ReactScratchpad() {}

    public static String previousRuns(String initialObservation, List<ReactStep> steps, int observationChars) {
        StringBuilder out = new StringBuilder();
        if (initialObservation != null && !initialObservation.isBlank()) {
            out.append("Observation: ").append(initialObservation).append('\n');
        }
        for (ReactStep step : steps) {
            if (step.turn() instanceof ReactTurn.Action a) {
                out.append("Thought: ").append(a.thought()).append('\n');
                out.append("Action: ").append(a.tool()).append('\n');
                out.append("Action Input: ").append(json(a.arguments())).append('\n');
            } else if (step.turn() instanceof ReactTurn.Unparsable) {
                out.append("Thought: ").append(ObservationTruncation.truncate(step.rawOutput().strip(), observationChars)).append('\n');
            } else {
                continue; // a final answer ends the trajectory; it is never a previous run
            }
            String observation = step.observation() == null ? "" : step.observation();
            out.append("Observation: ").append(ObservationTruncation.truncate(observation, observationChars)).append('\n');
        }
        return out.toString();
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }
}
