package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GLM family's calls (GLM-4.5, 4.6, 4.7, and the templates that copied them: Spark 2.5, Ling 3.0), one per
 * {@code <tool_call>} block, the name first, then key/value pairs:
 * <pre>
 * &lt;tool_call&gt;NAME
 * &lt;arg_key&gt;city&lt;/arg_key&gt;
 * &lt;arg_value&gt;Paris&lt;/arg_value&gt;
 * &lt;/tool_call&gt;
 * </pre>
 * The newlines are optional (GLM-4.7 writes none); a block without pairs is a call without arguments. A block whose
 * body is anything else (Hermes' JSON, Qwen3-Coder's {@code <function=...>}) is not this format. Values as
 * {@link XmlArgumentValues#value}.
 */
public final class GlmArgKeyStage implements ParseStage {
    private static final Pattern BLOCK = Pattern.compile("<tool_call>\\s*([A-Za-z0-9_.\\-]+)\\s*((?:<arg_key>.*?</arg_value>\\s*)*)(?:</tool_call>|\\z)",
            Pattern.DOTALL);
    private static final Pattern PAIR = Pattern.compile("<arg_key>(.*?)</arg_key>\\s*<arg_value>(.*?)</arg_value>", Pattern.DOTALL);

    @Override
    public String name() {
        return "glm_arg_key";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains("<tool_call>")) {
            return Optional.empty();
        }
        Matcher m = BLOCK.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            Map<String, Object> arguments = new LinkedHashMap<>();
            Matcher p = PAIR.matcher(m.group(2));
            while (p.find()) {
                arguments.put(p.group(1).strip(), XmlArgumentValues.value(p.group(2)));
            }
            calls.add(XmlArgumentValues.call(m.group(1), arguments));
        }
        return XmlArgumentValues.calls(calls);
    }
}
