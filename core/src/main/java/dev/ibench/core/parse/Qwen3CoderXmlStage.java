package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Qwen3-Coder's and Qwen3.5's XML tool calls (their chat templates; llama.cpp's {@code tests/test-chat.cpp}):
 * <pre>
 * &lt;tool_call&gt;
 * &lt;function=NAME&gt;
 * &lt;parameter=ARG&gt;
 * value
 * &lt;/parameter&gt;
 * &lt;/function&gt;
 * &lt;/tool_call&gt;
 * </pre>
 * One {@code <function=NAME>} block per call, in order; the {@code <tool_call>} wrapper may be missing (models skip
 * the first one). A block's body holds only {@code <parameter=ARG>} elements (or nothing: a call without arguments),
 * which tells it apart from Llama 3.1's {@code <function=NAME>{JSON}</function>} ({@link FunctionTagStage}). A value
 * loses the one newline after its opening tag and the one before its closing tag, and nothing else (code keeps its
 * indentation and a trailing blank line). A value that is one complete JSON value ({@code 42}, {@code true},
 * {@code null}, {@code [..]}, <code>{..}</code>) is that value, anything else a string: llama.cpp types values by the
 * tool's schema instead, which a parser that sees only the output cannot do (docs/output-parsing.md). An element left
 * unclosed at the end of the output (cut by max_tokens) is read as far as it goes.
 */
public final class Qwen3CoderXmlStage implements ParseStage {
    private static final Pattern FUNCTION = Pattern.compile("<function=([^>\\s<]+)>(.*?)(?:</function>|\\z)", Pattern.DOTALL);
    private static final Pattern PARAMETER = Pattern.compile("<parameter=([^>\\n<]+)>(.*?)(?:</parameter>|(?=<parameter=)|(?=</function>)|\\z)",
            Pattern.DOTALL);

    @Override
    public String name() {
        return "qwen3_coder_xml";
    }

    @Override
    public Optional<Object> extract(String text) {
        Matcher m = FUNCTION.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            String body = m.group(2);
            if (!body.isBlank() && !body.stripLeading().startsWith("<parameter=")) {
                return Optional.empty(); // not this format (Llama 3.1's JSON body, or prose)
            }
            Map<String, Object> arguments = new LinkedHashMap<>();
            Matcher p = PARAMETER.matcher(body);
            while (p.find()) {
                arguments.put(p.group(1).strip(), value(p.group(2)));
            }
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.group(1));
            call.put("arguments", arguments);
            calls.add(call);
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls);
    }

    private static Object value(String written) {
        String v = written.startsWith("\n") ? written.substring(1) : written;
        v = v.endsWith("\n") ? v.substring(0, v.length() - 1) : v;
        if (v.strip().equals("null")) {
            return null;
        }
        return JsonText.readIfJsonLike(v).orElse(v);
    }
}
