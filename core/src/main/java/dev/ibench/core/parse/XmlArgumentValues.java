package dev.ibench.core.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the XML-tagged call formats share: a written argument value, and the call map the chain normalises. */
final class XmlArgumentValues {
    private XmlArgumentValues() {}

    /**
     * A value as written between its tags: one complete JSON value ({@code 42}, {@code true}, {@code null},
     * {@code [..]}, <code>{..}</code>) is that value, anything else the string as written. The templates write strings
     * raw and other types as JSON; llama.cpp types values by the tool's schema instead, which a parser that sees only
     * the output cannot do (docs/output-parsing.md).
     */
    static Object value(String written) {
        if (written.strip().equals("null")) {
            return null;
        }
        return JsonText.readIfJsonLike(written).orElse(written);
    }

    static Map<String, Object> call(String name, Map<String, Object> arguments) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", name.strip());
        call.put("arguments", arguments);
        return call;
    }

    static java.util.Optional<Object> calls(List<Object> calls) {
        return calls.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(calls);
    }
}
