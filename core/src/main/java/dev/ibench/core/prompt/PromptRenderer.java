package dev.ibench.core.prompt;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFunctionDocs;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Renders what a profile sends for one sample: fills the family template of the style with
 * {@code {FUNCTION_STR}} (the sample's tools as JSON), {@code {ICL_EXAMPLES}} (SLOT/SEL/NESTFUL only) and
 * {@code {QUERY}}, and the reasoning placeholders {@code {REASONING}} / {@code {REASONING_EFFORT}} of
 * {@link ReasoningControl}; for REACT with {@code {tools}}, {@code {tool_names}}, {@code {input}},
 * {@code {previousruns}} and {@code {agent_scratchpad}}.
 *
 * <p>Shape: a message-shaped template gives chat messages; a raw template gives a raw prompt when the
 * profile's api is {@code completions}, else one user message. A BFCL {@code format_sensitivity} entry is always chat
 * messages, bfcl-eval's for its configuration ({@link BfclFormatSensitivityPrompt}). In {@link PromptMode#TOOLS} the sample's
 * tools also travel natively (OpenAI function format), except for REACT, whose actions are text.
 */
public final class PromptRenderer {
    private final ModelProfile profile;
    private final IclExamples icl;

    public PromptRenderer(ModelProfile profile, IclExamples icl) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.icl = icl == null ? IclExamples.none() : icl;
    }

    /** A renderer whose ICL examples are the bundled ones of the style. */
    public static RenderedPrompt render(ModelProfile profile, PromptStyle style, EvalSample sample) {
        return new PromptRenderer(profile, IclExamples.bundled(style)).render(style, sample);
    }

    public RenderedPrompt render(PromptStyle style, EvalSample sample) {
        if (style == PromptStyle.REACT) {
            return renderReact(sample, "", "");
        }
        if (style == PromptStyle.BFCL && BfclFormatSensitivity.isEntryId(sample.sampleId())) {
            // each format-sensitivity entry carries its own system prompt and answer format: bfcl-eval's messages, not the family template
            return RenderedPrompt.chat(BfclFormatSensitivityPrompt.messages(sample), List.of());
        }
        Map<String, String> vars = new HashMap<>(ReasoningControl.promptVariables(profile));
        // BFCL's Java and JavaScript functions are shown as BFCL shows them: parameters as strings in that language
        List<Map<String, Object>> tools = style == PromptStyle.BFCL ? BfclFunctionDocs.forModel(sample.datasetName(), sample.tools()) : sample.tools();
        vars.put("FUNCTION_STR", toJson(tools));
        vars.put("QUERY", requireQuestion(sample));
        if (style == PromptStyle.SLOT || style == PromptStyle.SEL || style == PromptStyle.NESTFUL) {
            vars.put("ICL_EXAMPLES", icl.render(profile.icl().count(), profile.icl().format(), sample.input()));
        } else {
            vars.put("ICL_EXAMPLES", "");
        }
        List<Map<String, Object>> nativeTools = profile.mode() == PromptMode.TOOLS ? NativeToolSpecs.openAi(tools) : List.of();
        return shape(TemplateLibrary.forProfile(profile, style), vars, nativeTools);
    }

    /** The SQL baseline's prompt: the sample's database schema, the question's evidence (may be empty) and the question. */
    public RenderedPrompt renderSql(EvalSample sample, String schema, String evidence) {
        Map<String, String> vars = new HashMap<>();
        vars.put("SCHEMA", schema);
        vars.put("EVIDENCE", evidence == null || evidence.isBlank() ? "(none)" : evidence);
        vars.put("QUERY", requireQuestion(sample));
        return shape(TemplateLibrary.forProfile(profile, PromptStyle.SQL), vars, List.of());
    }

    /** One ReACT step prompt (seed G.1): the previous Thought/Action/Observation turns go into {@code previousRuns}. */
    public RenderedPrompt renderReact(EvalSample sample, String previousRuns, String scratchpad) {
        Map<String, String> vars = new HashMap<>();
        vars.put("tools", sample.tools().stream().map(PromptRenderer::toJson).collect(Collectors.joining("\n")));
        vars.put("tool_names", sample.tools().stream().map(t -> String.valueOf(t.get("name"))).collect(Collectors.joining(", ")));
        vars.put("input", requireQuestion(sample));
        vars.put("previousruns", previousRuns == null ? "" : previousRuns);
        vars.put("agent_scratchpad", scratchpad == null ? "" : scratchpad);
        // the ReACT agent acts through "Action:" text, so tools are described in the prompt, never sent natively
        return shape(TemplateLibrary.forProfile(profile, PromptStyle.REACT), vars, List.of());
    }

    private RenderedPrompt shape(PromptTemplate template, Map<String, String> vars, List<Map<String, Object>> nativeTools) {
        if (!template.isMessageShaped() && "completions".equals(profile.api())) {
            return RenderedPrompt.raw(template.substitute(vars));
        }
        return RenderedPrompt.chat(template.renderMessages(vars), nativeTools);
    }

    private static String requireQuestion(EvalSample sample) {
        if (sample.input() == null || sample.input().isBlank()) {
            throw new IllegalArgumentException("sample " + sample.sampleId() + " has no 'input' question to put in the prompt");
        }
        return sample.input();
    }

    static String toJson(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
