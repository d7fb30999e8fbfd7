package dev.ibench.core.score;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonInputProblem;
import dev.ibench.core.json.TextFiles;
import dev.ibench.core.react.FinalAnswerValue;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Completion of final answers given by an agent outside ibench (e.g. one that reached the tools over MCP): one
 * {@code {sample_id, final_answer}} JSON object per line, compared with each sample's gold answer exactly as a ReACT
 * cell's final answer is ({@link FinalAnswerValue}: JSON, number or text; rows unfolded, numbers within 1e-6, order
 * only when the SQL orders). A string {@code final_answer} is read as the text after {@code Final Answer:}; any other
 * JSON value as that value.
 */
public final class FinalAnswerScorer {
    private FinalAnswerScorer() {}

    /** Per-sample completion (in eval-set order, answered samples only), lines skipped and samples without an answer. */
    public record Result(int samples, Map<String, Boolean> completedBySample, List<String> problems, List<String> missing) {
        public int answered() {
            return completedBySample.size();
        }

        public long completed() {
            return completedBySample.values().stream().filter(Boolean::booleanValue).count();
        }

        /** Completed over answered samples; null when none was answered. */
        public Double completionRate() {
            return answered() == 0 ? null : (double) completed() / answered();
        }
    }

    public static Result score(List<EvalSample> samples, Path answers, SequenceExecutor executor) {
        Map<String, String> byId = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        Map<String, EvalSample> known = new LinkedHashMap<>();
        samples.forEach(s -> known.put(s.sampleId(), s));
        if (!Files.isRegularFile(answers)) {
            throw new IllegalArgumentException("final answers " + answers + ": " + TextFiles.whyNotAFile(answers));
        }
        List<String> lines = TextFiles.read(answers, "final answers file").lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) continue;
            String where = answers + " line " + (i + 1);
            JsonNode node;
            try {
                node = Json.MAPPER.readTree(line);
            } catch (JsonProcessingException e) {
                problems.add(where + ": " + JsonInputProblem.describe(e, false));
                continue;
            }
            JsonNode id = node.get("sample_id");
            JsonNode answer = node.get("final_answer");
            if (id == null || !id.isTextual() || answer == null) {
                problems.add(where + ": needs 'sample_id' (a string) and 'final_answer'");
            } else if (!known.containsKey(id.asText())) {
                problems.add(where + ": sample_id '" + id.asText() + "' is not in the eval set");
            } else if (byId.putIfAbsent(id.asText(), answer.isTextual() ? answer.asText() : answer.toString()) != null) {
                problems.add(where + ": second answer for sample '" + id.asText() + "' (the first one is scored)");
            }
        }
        Map<String, Boolean> completed = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (EvalSample s : samples) {
            String answer = byId.get(s.sampleId());
            if (answer == null) missing.add(s.sampleId());
            else completed.put(s.sampleId(), FinalAnswerValue.matchesGold(executor, s, answer));
        }
        return new Result(samples.size(), completed, problems, missing);
    }
}
