package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kimi-K3's calls, written in its open/close tag syntax inside {@code <|open|>tools<|sep|>}:
 * {@code <|open|>call tool="NAME" index="1"<|sep|>} then, per argument,
 * {@code <|open|>argument key="ARG" type="TYPE"<|sep|>value<|close|>argument<|sep|>}, then {@code <|close|>call<|sep|>}.
 * A value whose type is {@code string} is the text as written; any other type is read as JSON (the text as written
 * when it is not JSON).
 */
public final class KimiK3CallStage implements ParseStage {
    private static final Pattern CALL = Pattern.compile("<\\|open\\|>call tool=\"([^\"]+)\"[^<]*<\\|sep\\|>(.*?)(?:<\\|close\\|>call<\\|sep\\|>|\\z)",
            Pattern.DOTALL);
    private static final Pattern ARGUMENT = Pattern.compile(
            "<\\|open\\|>argument key=\"([^\"]+)\"(?: type=\"([^\"]*)\")?[^<]*<\\|sep\\|>(.*?)<\\|close\\|>argument<\\|sep\\|>", Pattern.DOTALL);

    @Override
    public String name() {
        return "kimi_k3_calls";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains("<|open|>call ")) {
            return Optional.empty();
        }
        Matcher m = CALL.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            Map<String, Object> arguments = new LinkedHashMap<>();
            Matcher a = ARGUMENT.matcher(m.group(2));
            while (a.find()) {
                arguments.put(a.group(1), "string".equals(a.group(2)) ? a.group(3) : XmlArgumentValues.value(a.group(3)));
            }
            calls.add(XmlArgumentValues.call(m.group(1), arguments));
        }
        return XmlArgumentValues.calls(calls);
    }
}
