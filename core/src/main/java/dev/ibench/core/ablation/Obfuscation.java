package dev.ibench.core.ablation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * {@code obfuscated} (seed 000 appendix C.1): function and argument names become {@code FUNC_n} / {@code ARG_n}
 * ({@link ObfuscationMap}), consistently within a sample; each in-context example is obfuscated the same way within
 * itself. No real name of the sample remains as a word in anything the model reads but the question (the user's words,
 * kept verbatim): descriptions, enums, examples, the template's text, observations and errors are rewritten. Predictions
 * are mapped back to the sample's names before scoring; a real name in a prediction is a name that was not offered.
 */
final class Obfuscation implements Ablation {
    static final String NAME = "obfuscated";
    static final Obfuscation INSTANCE = new Obfuscation();

    private Obfuscation() {}

    @Override
    public String name() {
        return NAME;
    }

    private static ObfuscationMap map(EvalSample sample) {
        return ObfuscationMap.of(sample.tools(), sample.output());
    }

    @Override
    public EvalSample shown(EvalSample sample, Collection<EvalSample> evalSet, long seed) {
        ObfuscationMap map = map(sample);
        return new EvalSample(sample.sampleId(), sample.datasetName(), sample.input(), sample.query(), sample.goldAnswer(),
                sample.output().stream().map(map::obfuscate).toList(), sample.initializationStep(),
                sample.tools().stream().map(map::obfuscateTool).toList(), sample.keyValuesAndDescriptions());
    }

    @Override
    public IclExamples icl(IclExamples examples) {
        return examples.map(Obfuscation::obfuscateExample);
    }

    private static ObjectNode obfuscateExample(ObjectNode example) {
        List<Map<String, Object>> tools = Json.MAPPER.convertValue(example.path("tools"), new TypeReference<>() {});
        List<ToolCall> calls = Json.MAPPER.convertValue(example.path("output"), new TypeReference<>() {});
        ObfuscationMap map = ObfuscationMap.of(tools == null ? List.of() : tools, calls == null ? List.of() : calls);
        ObjectNode out = Json.MAPPER.valueToTree(map.rewrite(Json.MAPPER.convertValue(example, new TypeReference<Map<String, Object>>() {})));
        if (tools != null) {
            out.set("tools", Json.MAPPER.valueToTree(tools.stream().map(map::obfuscateTool).toList()));
        }
        if (calls != null) {
            out.set("output", Json.MAPPER.valueToTree(calls.stream().map(map::obfuscate).toList()));
        }
        return out;
    }

    @Override
    public RenderedPrompt prompt(EvalSample original, Collection<EvalSample> evalSet, long seed, RenderedPrompt prompt) {
        ObfuscationMap map = map(original);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> tools = prompt.tools().stream().map(t -> (Map<String, Object>) map.rewrite(t)).toList();
        if (prompt.isRaw()) {
            return new RenderedPrompt(exceptQuestion(prompt.text(), original.input(), map), null, tools);
        }
        return new RenderedPrompt(null, prompt.messages().stream()
                .map(m -> m.withContent(exceptQuestion(m.content(), original.input(), map))).toList(), tools);
    }

    /** {@code text} rewritten by {@code map} everywhere but where the question stands. */
    private static String exceptQuestion(String text, String question, ObfuscationMap map) {
        if (question == null || question.isEmpty()) {
            return map.text(text);
        }
        StringBuilder out = new StringBuilder();
        int from = 0;
        for (int at = text.indexOf(question); at >= 0; at = text.indexOf(question, from)) {
            out.append(map.text(text.substring(from, at))).append(question);
            from = at + question.length();
        }
        return out.append(map.text(text.substring(from))).toString();
    }

    @Override
    public String observation(EvalSample original, Collection<EvalSample> evalSet, long seed, String text) {
        return map(original).text(text);
    }

    @Override
    public ParsedOutput restore(EvalSample original, Collection<EvalSample> evalSet, long seed, ParsedOutput parsed) {
        ObfuscationMap map = map(original);
        return new ParsedOutput(parsed.status(), parsed.calls().stream().map(map::restore).toList(), parsed.stage(), parsed.problem(),
                parsed.malformedItems());
    }
}
