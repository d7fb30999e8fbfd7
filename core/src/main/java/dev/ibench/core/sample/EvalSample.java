package dev.ibench.core.sample;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One evaluation sample in the seed paper's exchange format (see docs/exchange-format.md).
 * {@code tools} are OpenAI-style function definitions kept as JSON maps so that both the
 * {@code parameters} (OpenAI) and the seed's {@code arguments} layouts load unchanged.
 * {@code initializationStep} is the hidden join step SLOT/SEL harnesses run first (null for REST/NESTful).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EvalSample(
        @JsonProperty("sample_id") String sampleId,
        @JsonProperty("dataset_name") String datasetName,
        @JsonProperty("input") String input,
        @JsonProperty("query") String query,
        @JsonProperty("gold_answer") Object goldAnswer,
        @JsonProperty("output") List<ToolCall> output,
        @JsonProperty("initialization_step") Map<String, Object> initializationStep,
        @JsonProperty("tools") List<Map<String, Object>> tools,
        @JsonProperty("key_values_and_descriptions") List<KeyDescription> keyValuesAndDescriptions) {

    public EvalSample {
        output = output == null ? List.of() : List.copyOf(output);
        tools = tools == null ? List.of() : tools;
        keyValuesAndDescriptions = keyValuesAndDescriptions == null ? List.of() : keyValuesAndDescriptions;
    }
}
