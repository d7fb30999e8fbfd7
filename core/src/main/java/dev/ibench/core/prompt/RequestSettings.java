package dev.ibench.core.prompt;

import java.util.LinkedHashMap;
import java.util.Map;

/** The request settings a profile sends its server, as {@code ibench model check} reports them before any spending. */
public final class RequestSettings {
    private RequestSettings() {}

    /** e.g. {@code {server: vllm, token_limit: max_completion_tokens=512, temperature: not sent, reasoning_effort: high (request field reasoning_effort)}}. */
    public static Map<String, String> of(ModelProfile p) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("server", p.server() == null ? "not said" : p.server());
        out.put("token_limit", p.tokenLimitParameter() + "=" + p.maxTokens());
        out.put("temperature", p.sendTemperature() ? String.valueOf(p.temperature()) : "not sent");
        out.put("reasoning_effort", ReasoningControl.describe(p));
        return out;
    }

    public static String line(ModelProfile p) {
        StringBuilder s = new StringBuilder();
        of(p).forEach((k, v) -> s.append(s.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
        return s.toString();
    }
}
