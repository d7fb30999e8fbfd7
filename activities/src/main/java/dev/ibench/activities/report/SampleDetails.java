package dev.ibench.activities.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ReasoningSeparator;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.report.SampleDetail;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.SampleScore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads what the report's per-sample drill-down shows from the results store: prompt, outputs, tool executions. */
final class SampleDetails {
    private final ResultsStore store;

    SampleDetails(ResultsStore store) {
        this.store = store;
    }

    SampleDetail direct(CellRecord cell, EvalSample sample, SampleResultRecord r, ModelCallRecord call, SampleScore score) {
        List<String> lost = new ArrayList<>();
        if (score.error().isError()) {
            lost.add("error category " + score.error().category().key() + ": " + score.error().reason());
        }
        lost.addAll(score.lostPoints());
        String parsed = score.parsed().status() + (score.parsed().problem() == null ? "" : " (" + score.parsed().problem() + ")")
                + "\n" + json(score.parsed().calls());
        return new SampleDetail(sample.input(), prompt(cell, r), List.of(call.rawOutput()), parsed, trace(cell, r), json(sample.output()),
                lost, null, reasoning(call));
    }

    SampleDetail react(CellRecord cell, EvalSample sample, SampleResultRecord r, ReactOutcome outcome) {
        List<String> outputs = new ArrayList<>();
        for (int step = 0; step < Math.max(outcome.loops(), 1) + 1; step++) {
            Optional<ModelCallRecord> call = store.modelCall(cell.cellId(), r.sampleId(), r.trial(), step);
            if (call.isEmpty() && step >= outcome.loops()) {
                break;
            }
            call.ifPresent(c -> outputs.add(c.rawOutput()));
        }
        List<String> lost = new ArrayList<>();
        if (!outcome.completed()) {
            lost.add("not completed: ended by " + outcome.end() + (outcome.finalAnswer() == null ? "" : " with final answer " + outcome.finalAnswer()));
        }
        if (outcome.outOfBudget()) {
            lost.add("out of budget: " + outcome.loops() + " of " + outcome.budget() + " steps");
        }
        if (outcome.stuck()) {
            lost.add("stuck: repeated the same step");
        }
        if (outcome.parseFailures() > 0) {
            lost.add(outcome.parseFailures() + " unparseable step(s)");
        }
        if (outcome.toolErrors() > 0) {
            lost.add(outcome.toolErrors() + " tool error(s)");
        }
        return new SampleDetail(sample.input(), prompt(cell, r), outputs, json(outcome.calls()), trace(cell, r), json(sample.output()), lost, null);
    }

    SampleDetail sql(CellRecord cell, EvalSample sample, SampleResultRecord r) {
        List<String> outputs = store.modelCall(cell.cellId(), r.sampleId(), r.trial(), 0).map(c -> List.of(c.rawOutput())).orElse(List.of());
        List<String> lost = new ArrayList<>();
        try {
            JsonNode summary = Json.MAPPER.readTree(r.scoreJson());
            if (summary.path("failure").isTextual()) {
                lost.add("sql failure: " + summary.get("failure").asText());
            }
        } catch (JsonProcessingException e) {
            lost.add("unreadable sql outcome: " + e.getOriginalMessage());
        }
        return new SampleDetail(sample.input(), prompt(cell, r), outputs, null, List.of(), sample.query(), lost, null);
    }

    SampleDetail failed(CellRecord cell, EvalSample sample, SampleResultRecord r) {
        return new SampleDetail(sample == null ? null : sample.input(), prompt(cell, r), List.of(), null, List.of(),
                sample == null ? null : json(sample.output()), List.of(), r.status() + ": " + r.error());
    }

    /** Reasoning the server returned apart, then any written inside the output ({@code <think>}, harmony analysis). */
    private static String reasoning(ModelCallRecord call) {
        String inline = ReasoningSeparator.split(call.rawOutput()).reasoning();
        String apart = call.reasoning() == null ? "" : call.reasoning().strip();
        String both = apart.isEmpty() ? inline : inline.isEmpty() ? apart : apart + "\n\n" + inline;
        return both.isEmpty() ? null : both + (call.reasoningTokens() == null ? "" : "\n[" + call.reasoningTokens() + " reasoning tokens]");
    }

    private String prompt(CellRecord cell, SampleResultRecord r) {
        return store.prompt(cell.cellId(), r.sampleId(), r.trial()).map(SampleDetails::pretty).orElse(null);
    }

    private List<String> trace(CellRecord cell, SampleResultRecord r) {
        List<String> trace = new ArrayList<>();
        for (ToolExecutionRecord t : store.toolExecutions(cell.cellId(), r.sampleId(), r.trial())) {
            trace.add("step " + t.step() + (t.ok() ? " ok " : " FAILED ") + t.callJson() + "\n  -> " + t.observation());
        }
        return trace;
    }

    private static String pretty(String json) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(Json.MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            return json;
        }
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render " + value, e);
        }
    }
}
