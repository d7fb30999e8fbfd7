package dev.ibench.core.ablation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.react.ReactScratchpad;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code obfuscated} on every sample of the real superhero SLOT, SEL and REST sets, direct (two families, native tools and
 * tools in the text) and ReACT (with an observation and an error that name real tools): no real tool or argument name of
 * the sample occurs as a word anywhere in the prompt but in the question. The names are read off the sample here, not
 * from the ablation's map. The old obfuscation kept descriptions verbatim (SLOT's {@code group_data_by} names four tools).
 */
class ObfuscationLeakTest {
    private static final Ablation OBFUSCATED = Ablation.parse("obfuscated");

    private static ModelProfile profile(String family, String mode, String api) {
        return ProfileCatalog.parse("name: t\nprovider: openai\nbase_url: http://x/v1\nmodel: m\nfamily: " + family
                + "\nmode: " + mode + "\napi: " + api + "\n", "test");
    }

    @Test
    void noRealNameOccursAsAWordInAnyObfuscatedPromptButInTheQuestion() {
        List<ModelProfile> profiles = List.of(profile("gpt-4o", "tools", "chat"), profile("llama3", "prompt", "completions"));
        Map<PromptStyle, List<EvalSample>> sets = Map.of(PromptStyle.SLOT, BuiltSuperhero.slot(), PromptStyle.SEL, BuiltSuperhero.sel(),
                PromptStyle.REST, BuiltSuperhero.rest());
        int scanned = 0;
        for (Map.Entry<PromptStyle, List<EvalSample>> set : sets.entrySet()) {
            // REST's 110 tools in one layout suffice (its prompts carry no examples); SLOT and SEL in both
            for (ModelProfile profile : set.getKey() == PromptStyle.REST ? profiles.subList(1, 2) : profiles) {
                IclExamples icl = set.getKey() == PromptStyle.REST ? IclExamples.none() : OBFUSCATED.icl(IclExamples.bundled(set.getKey()));
                PromptRenderer renderer = new PromptRenderer(profile, icl);
                for (EvalSample sample : set.getValue()) {
                    EvalSample shown = OBFUSCATED.shown(sample, set.getValue(), 0);
                    assertNoRealName(sample, OBFUSCATED.prompt(sample, set.getValue(), 0, renderer.render(set.getKey(), shown)));
                    assertNoRealName(sample, OBFUSCATED.prompt(sample, set.getValue(), 0, react(renderer, sample, shown, set.getValue())));
                    scanned++;
                }
            }
        }
        assertThat(scanned).isEqualTo(2 * (101 + 95) + 129);
    }

    /** A ReACT prompt after one action whose observation, and a second whose error, name real tools and arguments. */
    private static RenderedPrompt react(PromptRenderer renderer, EvalSample sample, EvalSample shown, List<EvalSample> set) {
        ToolCall first = sample.output().get(0);
        String realError = "Error: " + first.name() + " got an unknown argument " + String.join(", ", first.arguments().keySet())
                + "; did you mean " + sample.tools().get(sample.tools().size() - 1).get("name") + "?";
        List<ReactStep> steps = new ArrayList<>();
        steps.add(ReactStep.of(1, "Thought: t\nAction: FUNC_1\nAction Input: {}\n")
                .withObservation(OBFUSCATED.observation(sample, set, 0, "{\"" + first.arguments().keySet().stream().findFirst().orElse("x") + "\": 1}"), true));
        steps.add(ReactStep.of(2, "Thought: t\nAction: FUNC_2\nAction Input: {}\n").withObservation(OBFUSCATED.observation(sample, set, 0, realError), false));
        return renderer.renderReact(shown, ReactScratchpad.previousRuns(null, steps, 2000), "");
    }

    private static void assertNoRealName(EvalSample sample, RenderedPrompt prompt) {
        String read = (prompt.isRaw() ? prompt.text() : prompt.display()) + "\n" + Json.MAPPER.valueToTree(prompt.tools());
        String withoutQuestion = read.replace(sample.input(), " ");
        // a word: letters, digits, underscores; the n of a JSON "\n" escape is none
        Pattern anyName = Pattern.compile("(?<![A-Za-z0-9_\\\\])(?:" + realNames(sample).stream().map(Pattern::quote)
                .collect(java.util.stream.Collectors.joining("|")) + ")(?![A-Za-z0-9_])");
        java.util.regex.Matcher found = anyName.matcher(withoutQuestion);
        assertThat(found.find() ? found.group() + " at ..." + withoutQuestion.substring(Math.max(0, found.start() - 80),
                Math.min(withoutQuestion.length(), found.end() + 80)) + "..." : null).as(sample.sampleId() + ": a real name").isNull();
    }

    private static Set<String> realNames(EvalSample sample) {
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, Object> tool : sample.tools()) {
            names.add((String) tool.get("name"));
            Object parameters = tool.get("parameters");
            if (parameters instanceof Map<?, ?> p && p.get("properties") instanceof Map<?, ?> properties) {
                properties.keySet().forEach(k -> names.add((String) k));
            }
        }
        sample.output().forEach(c -> {
            names.add(c.name());
            names.addAll(c.arguments().keySet());
        });
        return names;
    }

    @Test
    void aRealNameInAPredictionIsNotOfferedAndObfuscatedValuesAreReadBack() {
        EvalSample sample = BuiltSuperhero.slot().get(0);
        List<EvalSample> set = List.of(sample);
        ToolCall gold = sample.output().get(0);
        ToolCall shownGold = OBFUSCATED.shown(sample, set, 0).output().get(0);
        ParsedOutput predicted = ParsedOutput.parsed(List.of(shownGold, gold), "json");
        List<ToolCall> restored = OBFUSCATED.restore(sample, set, 0, predicted).calls();
        assertThat(restored.get(0)).isEqualTo(gold);
        assertThat(restored.get(1).name()).isEqualTo("<not offered: " + gold.name() + ">");
        assertThat(restored.get(1).arguments().keySet()).allMatch(k -> k.startsWith("<not offered: "));
    }
}
