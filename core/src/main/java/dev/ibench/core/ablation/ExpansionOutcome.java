package dev.ibench.core.ablation;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the {@code toolkit_expansion} ablation made of one sample: every tool the model wrote, kept or dropped with its
 * similarity ({@link Distractor}), the similarity window applied ({@code check}), and the problems of answers that
 * gave no tools (e.g. no JSON list). The kept tools are appended to the offered list. They are not real tools: a
 * call to one is scored as a call to {@code <distractor: NAME>}, which executes as an unknown tool and matches no gold call.
 */
public record ExpansionOutcome(
        @JsonProperty("distractors") List<Distractor> distractors,
        @JsonProperty("check") String check,
        @JsonProperty("problems") List<String> problems,
        @JsonProperty("generator") String generator) {

    public ExpansionOutcome {
        distractors = distractors == null ? List.of() : List.copyOf(distractors);
        problems = problems == null ? List.of() : List.copyOf(problems);
    }

    public List<Map<String, Object>> keptTools() {
        return distractors.stream().filter(Distractor::kept).map(Distractor::tool).toList();
    }

    /** The sample with the kept tools after its own. */
    public EvalSample applyTo(EvalSample sample) {
        List<Map<String, Object>> tools = new ArrayList<>(sample.tools());
        tools.addAll(keptTools());
        return new EvalSample(sample.sampleId(), sample.datasetName(), sample.input(), sample.query(), sample.goldAnswer(), sample.output(),
                sample.initializationStep(), tools, sample.keyValuesAndDescriptions());
    }

    /** A prediction with every call to a kept distractor renamed {@code <distractor: NAME>} (a wrong call, never a crash). */
    public ParsedOutput restore(ParsedOutput parsed) {
        Set<String> names = distractors.stream().filter(Distractor::kept).map(Distractor::name).collect(Collectors.toSet());
        List<ToolCall> calls = parsed.calls().stream()
                .map(c -> names.contains(c.name()) ? new ToolCall("<distractor: " + c.name() + ">", c.arguments(), c.label()) : c)
                .toList();
        return new ParsedOutput(parsed.status(), calls, parsed.stage(), parsed.problem(), parsed.malformedItems());
    }
}
