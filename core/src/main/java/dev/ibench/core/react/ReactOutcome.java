package dev.ibench.core.react;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.metrics.ReactTrajectory;
import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * The classified result of one sample's trajectory (seed 000 section 4.3 and H.1.2). {@code loops} counts
 * every step the model took, the final answer step included. OOB and Stuck may both hold; {@code unclassified}
 * is a failure that is neither. Parse failures and tool errors are counted per sample.
 */
public record ReactOutcome(
        @JsonProperty("sample_id") String sampleId,
        @JsonProperty("end") ReactEnd end,
        @JsonProperty("completed") boolean completed,
        @JsonProperty("loops") int loops,
        @JsonProperty("budget") int budget,
        @JsonProperty("oob") boolean outOfBudget,
        @JsonProperty("stuck") boolean stuck,
        @JsonProperty("unclassified") boolean unclassified,
        @JsonProperty("parse_failures") int parseFailures,
        @JsonProperty("tool_errors") int toolErrors,
        @JsonProperty("final_answer") String finalAnswer,
        @JsonProperty("calls") List<ToolCall> calls) {

    public ReactOutcome {
        calls = calls == null ? List.of() : List.copyOf(calls);
    }

    /** The scoring module's view, for {@code ReactStatisticsMetric.summarize}. */
    @JsonIgnore
    public ReactTrajectory trajectory() {
        return new ReactTrajectory(sampleId, calls, loops, budget, completed, end == ReactEnd.FINAL_ANSWER);
    }
}
