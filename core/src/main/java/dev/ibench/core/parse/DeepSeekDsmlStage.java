package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DeepSeek V3.2's DSML tool calls (its chat template; llama.cpp's {@code tests/test-chat.cpp}):
 * <pre>
 * &lt;｜DSML｜function_calls&gt;
 * &lt;｜DSML｜invoke name="NAME"&gt;
 * &lt;｜DSML｜parameter name="ARG" string="true|false"&gt;value&lt;/｜DSML｜parameter&gt;
 * &lt;/｜DSML｜invoke&gt;
 * &lt;/｜DSML｜function_calls&gt;
 * </pre>
 * One {@code invoke} per call, in order. A parameter marked {@code string="true"} is its text as written; one marked
 * {@code string="false"} is a JSON value ({@code 1}, {@code -14}, {@code true}, {@code ["a"]}, <code>{..}</code>), or
 * its text when it is not valid JSON (a model error the scorer then sees as a wrong value, not a lost call). Without
 * the {@code string} mark a value is JSON when it reads as JSON, else text. An element left unclosed at the end of the
 * output (cut by max_tokens) is read as far as it goes.
 */
public final class DeepSeekDsmlStage implements ParseStage {
    private static final String DSML = "<｜DSML｜";
    private static final Pattern INVOKE = Pattern.compile("<｜DSML｜invoke\\s+name=\"([^\"<>\\n]+)\"\\s*>(.*?)(?:</｜DSML｜invoke>|\\z)", Pattern.DOTALL);
    private static final Pattern PARAMETER = Pattern.compile(
            "<｜DSML｜parameter\\s+name=\"([^\"<>\\n]+)\"(?:\\s+string=\"(true|false)\")?\\s*>(.*?)(?:</｜DSML｜parameter>|(?=<｜DSML｜parameter)|(?=</｜DSML｜invoke>)|\\z)",
            Pattern.DOTALL);

    @Override
    public String name() {
        return "deepseek_dsml";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains(DSML)) {
            return Optional.empty();
        }
        Matcher m = INVOKE.matcher(text);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            Map<String, Object> arguments = new LinkedHashMap<>();
            Matcher p = PARAMETER.matcher(m.group(2));
            while (p.find()) {
                arguments.put(p.group(1), value(p.group(2), p.group(3)));
            }
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", m.group(1));
            call.put("arguments", arguments);
            calls.add(call);
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls);
    }

    private static Object value(String stringMark, String written) {
        if ("true".equals(stringMark)) {
            return written;
        }
        if (written.strip().equals("null")) {
            return null;
        }
        return JsonText.readIfJsonLike(written).orElse(written);
    }
}
