package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * gpt-oss harmony tool calls: messages addressed {@code to=functions.NAME} (in the {@code commentary} channel, or, as
 * some servers and llama.cpp accept, {@code analysis}), whose body after {@code <|constrain|>json<|message|>} is the
 * JSON arguments, ended by {@code <|call|>}; every such message is one call, in order. Arguments that are not a JSON
 * object are kept as text (the normaliser then reports the call as wrong format).
 */
public final class HarmonyStage implements ParseStage {
    @Override
    public String name() {
        return "harmony";
    }

    /** The one header form {@link ReasoningSeparator} writes a call message in. */
    static String canonical(String function, String arguments) {
        return "<|start|>assistant to=functions." + function + "<|channel|>commentary <|constrain|>json" + HarmonyMessages.MESSAGE
                + arguments.strip() + "<|call|>";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains(HarmonyMessages.MESSAGE)) {
            return Optional.empty();
        }
        List<Object> calls = new ArrayList<>();
        for (HarmonyMessages.Message m : HarmonyMessages.read(text)) {
            if (!m.isFunctionCall()) {
                continue;
            }
            String body = m.body().strip();
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.functionName());
            call.put("arguments", body.isEmpty() ? Map.of() : JsonText.read(body).orElse(body));
            calls.add(call);
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls);
    }
}
