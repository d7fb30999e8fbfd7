package dev.ibench.workers.modelcheck;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.failure.ControlCharacters;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.RequestSettings;
import java.util.List;
import java.util.Locale;

/**
 * How {@code ibench model check} shows a check: as text for a person (the model's answer with its control characters
 * escaped, so a NUL or an escape sequence is read, not executed by the terminal) or as one JSON object.
 */
public final class ModelCheckView {
    private ModelCheckView() {}

    /** The profile, sample and rendered prompt, shown before the call. */
    public static String header(ModelCheck.Prepared p) {
        ModelProfile profile = p.profile();
        RenderedPrompt prompt = p.prompt();
        StringBuilder out = new StringBuilder();
        out.append(String.format("profile:  %s (provider %s, family %s, mode %s, api %s)%n", profile.name(), profile.provider(),
                profile.family(), profile.mode().yamlName(), profile.api()));
        out.append(String.format("request:  %s%n", RequestSettings.line(profile)));
        out.append(String.format("sample:   %s (%s) style %s: %s%n", p.sample().sampleId(), p.sample().datasetName(),
                p.style().name().toLowerCase(Locale.ROOT), p.sample().input()));
        out.append(String.format("=== rendered prompt (%s, %d chars) ===%n%s%n", prompt.isRaw() ? "raw" : "chat messages",
                prompt.display().length(), prompt.display()));
        p.serverContext().ifPresent(c -> out.append(String.format("context:  %d tokens (from %s)%n", c.tokens(), c.source())));
        p.warningsBefore().forEach(w -> out.append("WARNING:  ").append(w).append(System.lineSeparator()));
        return out.toString();
    }

    public static String text(ModelCheck.Outcome o) {
        CallResult r = o.result();
        StringBuilder out = new StringBuilder();
        out.append("=== raw answer ===").append(System.lineSeparator());
        out.append(ControlCharacters.escape(r.response().text())).append(System.lineSeparator());
        if (r.response().reasoning() != null) {
            out.append("=== reasoning returned apart (reasoning_content; never parsed) ===").append(System.lineSeparator());
            out.append(ControlCharacters.escape(r.response().reasoning())).append(System.lineSeparator());
        }
        if (!r.response().toolCalls().isEmpty()) {
            out.append("=== native tool calls ===").append(System.lineSeparator());
            r.response().toolCalls().forEach(c -> out.append(Json.MAPPER.valueToTree(c).toString()).append(System.lineSeparator()));
        }
        out.append("===").append(System.lineSeparator());
        out.append(String.format("endpoint: %s%n", o.endpoint()));
        out.append(String.format("tokens:   prompt %d, completion %d (reasoning %d), total %d%n", r.response().promptTokens(),
                r.response().completionTokens(), r.response().reasoningTokens(), r.response().totalTokens()));
        out.append(String.format("latency:  %d ms (finish %s)%n", r.response().latencyMillis(), r.response().finishReason()));
        out.append(String.format("cache:    %s (key %s), attempts %d%n", r.cacheHit() ? "hit" : "miss", r.cacheKey().substring(0, 12), r.attempts()));
        out.append(String.format("cost:     %s%n", r.costUsd() == null ? "n/a (no prices in profile)" : String.format(Locale.ROOT, "%.6f USD", r.costUsd())));
        o.warnings().forEach(w -> out.append("WARNING:  ").append(w).append(System.lineSeparator()));
        return out.toString();
    }

    public static ObjectNode json(ModelCheck.Prepared p, ModelCheck.Outcome o) {
        CallResult r = o.result();
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("profile", p.profile().name());
        out.put("provider", p.profile().provider());
        out.put("endpoint", o.endpoint());
        out.put("sample_id", p.sample().sampleId());
        out.put("style", p.style().name().toLowerCase(Locale.ROOT));
        out.set("request_settings", Json.MAPPER.valueToTree(RequestSettings.of(p.profile())));
        ObjectNode prompt = out.putObject("prompt");
        prompt.put("raw", p.prompt().isRaw());
        if (p.prompt().isRaw()) {
            prompt.put("text", p.prompt().text());
        } else {
            ArrayNode messages = prompt.putArray("messages");
            for (ChatMessage m : p.prompt().messages()) {
                messages.addObject().put("role", m.role()).put("content", m.content());
            }
            prompt.put("native_tools", p.prompt().tools().size());
        }
        out.put("generated_text", r.response().text());
        out.set("tool_calls", Json.MAPPER.valueToTree(r.response().toolCalls()));
        out.put("prompt_tokens", r.response().promptTokens());
        out.put("completion_tokens", r.response().completionTokens());
        out.put("reasoning_tokens", r.response().reasoningTokens());
        if (r.response().reasoning() != null) {
            out.put("reasoning", r.response().reasoning());
        }
        out.put("latency_ms", r.response().latencyMillis());
        out.put("finish_reason", r.response().finishReason());
        out.put("cache_hit", r.cacheHit());
        out.put("cache_key", r.cacheKey());
        out.put("attempts", r.attempts());
        if (r.costUsd() != null) {
            out.put("cost_usd", r.costUsd());
        }
        out.set("warnings", Json.MAPPER.valueToTree(o.warnings()));
        return out;
    }

    public static ObjectNode failureJson(ModelCheck.Prepared p, ModelCallException e, List<String> warnings) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("profile", p.profile().name());
        out.put("sample_id", p.sample().sampleId());
        out.set("request_settings", Json.MAPPER.valueToTree(RequestSettings.of(p.profile())));
        out.put("error_kind", e.kind().name());
        out.put("retryable", e.retryable());
        out.put("error", e.getMessage());
        out.set("warnings", Json.MAPPER.valueToTree(warnings));
        return out;
    }

    /** One line for standard error, control characters escaped. */
    public static String failure(ModelCallException e) {
        return "ibench model check: " + ControlCharacters.escape(e.getMessage());
    }
}
