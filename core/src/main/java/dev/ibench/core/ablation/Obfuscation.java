package dev.ibench.core.ablation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * {@code obfuscated} (seed 000 appendix C.1): function and argument names become {@code FUNC_n} / {@code ARG_n}
 * ({@link ObfuscationMap}), consistently within a sample, descriptions kept; each in-context example is obfuscated
 * the same way within itself. Predictions are mapped back to the sample's names before scoring.
 */
final class Obfuscation implements Ablation {
    static final String NAME = "obfuscated";
    static final Obfuscation INSTANCE = new Obfuscation();

    private Obfuscation() {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public EvalSample shown(EvalSample sample, Collection<EvalSample> evalSet, long seed) {
        ObfuscationMap map = ObfuscationMap.of(sample.tools(), sample.output());
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
        ObfuscationMap map = ObfuscationMap.of(tools == null ? List.of() : tools, calls);
        ObjectNode out = example.deepCopy();
        if (tools != null) {
            out.set("tools", Json.MAPPER.valueToTree(tools.stream().map(map::obfuscateTool).toList()));
        }
        out.set("output", Json.MAPPER.valueToTree(calls.stream().map(map::obfuscate).toList()));
        return out;
    }

    @Override
    public ParsedOutput restore(EvalSample original, Collection<EvalSample> evalSet, long seed, ParsedOutput parsed) {
        ObfuscationMap map = ObfuscationMap.of(original.tools(), original.output());
        return new ParsedOutput(parsed.status(), parsed.calls().stream().map(map::restore).toList(), parsed.stage(), parsed.problem(),
                parsed.malformedItems());
    }
}
