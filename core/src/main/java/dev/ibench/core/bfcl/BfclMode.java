package dev.ibench.core.bfcl;

import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Locale;

/**
 * Which of bfcl-eval's handler kinds a prediction's function names are judged as: {@code PROMPT} as its prompt handlers
 * (a dotted name must be written as given: {@code math.gcd}; {@code math_gcd} is a wrong name), {@code FC} as its
 * function-calling handlers, whose model configuration has {@code underscore_to_dot} (the API cannot carry a dot, so the
 * name must be written {@code math_gcd}; {@code math.gcd} is a wrong name). bfcl-eval's checker applies the rule in
 * {@code ast_checker.convert_func_name}: every {@code .} of the expected name becomes {@code _}.
 */
public enum BfclMode {
    PROMPT,
    FC;

    /** {@code prompt} or {@code fc}; anything else is refused with a sentence naming the value. */
    public static BfclMode parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "prompt" -> PROMPT;
            case "fc" -> FC;
            default -> throw new IllegalArgumentException("unknown BFCL mode '" + text + "' (expected prompt or fc)");
        };
    }

    /** The name a prediction must use for the function named {@code name} in the test. */
    public String expectedName(String name) {
        return this == FC ? name.replace('.', '_') : name;
    }

    /**
     * A BFCL sample with its gold calls named as a model of this mode writes them (the oracle test tool answers so); any
     * other sample unchanged. In FC mode the functions are sent under these names, so a function-calling model can only
     * answer so.
     */
    public EvalSample answeredAs(EvalSample sample) {
        if (this == PROMPT || BfclCategory.of(sample).isEmpty()) {
            return sample;
        }
        List<ToolCall> output = sample.output().stream().map(c -> new ToolCall(expectedName(c.name()), c.arguments(), c.label())).toList();
        return new EvalSample(sample.sampleId(), sample.datasetName(), sample.input(), sample.query(), sample.goldAnswer(), output,
                sample.initializationStep(), sample.tools(), sample.keyValuesAndDescriptions());
    }

    /**
     * A parsed output read back into the sample's own function names for the metrics other than BFCL's verdict (intent,
     * slot, sequence): in FC mode a call named as a function was sent ({@code math_gcd}) is that function
     * ({@code math.gcd}). Unchanged in prompt mode and for samples that are not BFCL's.
     */
    public ParsedOutput inSampleNames(EvalSample sample, ParsedOutput parsed) {
        if (this == PROMPT || BfclCategory.of(sample).isEmpty()) {
            return parsed;
        }
        java.util.Map<String, String> sent = new java.util.HashMap<>();
        sample.tools().forEach(t -> {
            String name = String.valueOf(t.get("name"));
            sent.putIfAbsent(expectedName(name), name);
        });
        List<ToolCall> calls = parsed.calls().stream()
                .map(c -> new ToolCall(sent.getOrDefault(c.name(), c.name()), c.arguments(), c.label())).toList();
        return new ParsedOutput(parsed.status(), calls, parsed.stage(), parsed.problem(), parsed.malformedItems());
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
