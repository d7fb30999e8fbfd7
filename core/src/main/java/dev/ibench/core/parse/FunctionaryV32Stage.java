package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Functionary v3.2's calls: the prompt ends with {@code >>>}, so the output starts with the recipient, a newline and
 * the arguments as a JSON object; further calls follow {@code >>>NAME\n{...}}. The recipient {@code all} is text for
 * the user, not a call. Only a text that starts with such a recipient line (or holds a {@code >>>} one) is read, so
 * prose that happens to hold a word on a line of its own before an object is not.
 */
public final class FunctionaryV32Stage implements ParseStage {
    private static final Pattern RECIPIENT = Pattern.compile("(?:\\A|>>>)\\s*([A-Za-z_][A-Za-z0-9_.\\-]*)\\n(?=\\s*\\{)");

    @Override
    public String name() {
        return "functionary_v32";
    }

    @Override
    public Optional<Object> extract(String text) {
        char[] chars = text.toCharArray();
        Matcher m = RECIPIENT.matcher(text);
        List<Object> calls = new ArrayList<>();
        int from = 0;
        while (from < text.length() && m.find(from)) {
            if (m.group(1).equals("all")) {
                from = m.end();
                continue;
            }
            Optional<JsonText.Leading> args = JsonText.readLeadingStructure(chars, m.end());
            if (args.isEmpty() || !(args.get().value() instanceof java.util.Map<?, ?> arguments)) {
                break;
            }
            calls.add(XmlArgumentValues.call(m.group(1), new java.util.LinkedHashMap<>(castMap(arguments))));
            from = m.end() + args.get().length();
        }
        return XmlArgumentValues.calls(calls);
    }

    @SuppressWarnings("unchecked")
    private static java.util.Map<String, Object> castMap(java.util.Map<?, ?> map) {
        return (java.util.Map<String, Object>) map;
    }
}
