package dev.ibench.core.ablation;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One sample's obfuscated names (seed 000 appendix C.1): its functions become {@code FUNC_1, FUNC_2, ...} in the order
 * of its tool list, their argument names {@code ARG_1, ARG_2, ...} in order of first appearance (the same argument
 * name is the same {@code ARG_n} in every function of the sample). Names only the calls use (no tool describes them)
 * come after, in call order.
 *
 * <p>No real name survives as a word in what the model reads ({@link #text}): a word is a maximal run of letters,
 * digits and underscores, not preceded by a backslash (so the {@code n} of a JSON {@code \n} escape is no word). Every
 * text of a tool spec (descriptions, titles, enum values) is rewritten that way; an argument value that is exactly a
 * real name is shown as its obfuscated name and read back ({@link #restore}). A predicted name that is no obfuscated
 * name of the sample, a real one included, is not offered: it becomes {@code <not offered: NAME>} and matches nothing.
 */
final class ObfuscationMap {
    private final Map<String, String> functions = new LinkedHashMap<>();
    private final Map<String, String> arguments = new LinkedHashMap<>();
    private Pattern words;

    static ObfuscationMap of(List<Map<String, Object>> tools, List<ToolCall> calls) {
        ObfuscationMap map = new ObfuscationMap();
        for (Map<String, Object> tool : tools) {
            map.function(String.valueOf(tool.get("name")));
            argumentSpecs(tool).keySet().forEach(map::argument);
        }
        for (ToolCall call : calls) {
            map.function(call.name());
            call.arguments().keySet().forEach(map::argument);
        }
        return map;
    }

    private void function(String name) {
        functions.computeIfAbsent(name, n -> "FUNC_" + (functions.size() + 1));
    }

    private void argument(String name) {
        arguments.computeIfAbsent(name, n -> "ARG_" + (arguments.size() + 1));
    }

    /** The argument specs of a tool in either layout: OpenAI {@code parameters.properties} or the seed's {@code arguments}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> argumentSpecs(Map<String, Object> tool) {
        if (tool.get("parameters") instanceof Map<?, ?> parameters && parameters.get("properties") instanceof Map<?, ?> properties) {
            return (Map<String, Object>) properties;
        }
        return tool.get("arguments") instanceof Map<?, ?> args ? (Map<String, Object>) args : Map.of();
    }

    /** The tool with its name, argument names and every text in obfuscated names. */
    @SuppressWarnings("unchecked")
    Map<String, Object> obfuscateTool(Map<String, Object> tool) {
        Map<String, Object> out = (Map<String, Object>) rewrite(tool);
        out.put("name", functions.get(String.valueOf(tool.get("name"))));
        if (out.get("parameters") instanceof Map<?, ?> parameters) {
            Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) parameters);
            if (p.get("properties") instanceof Map<?, ?> properties) {
                p.put("properties", renameKeys((Map<String, Object>) properties));
            }
            out.put("parameters", p);
        }
        if (out.get("arguments") instanceof Map<?, ?> args) {
            out.put("arguments", renameKeys((Map<String, Object>) args));
        }
        return out;
    }

    ToolCall obfuscate(ToolCall call) {
        Map<String, Object> args = new LinkedHashMap<>();
        call.arguments().forEach((k, v) -> args.put(arguments.getOrDefault(k, k), v instanceof String s ? obfuscatedName(s) : v));
        return new ToolCall(functions.getOrDefault(call.name(), call.name()), args, call.label());
    }

    /**
     * A predicted call in the sample's own names: obfuscated names mapped back, an argument value that is exactly an
     * obfuscated name too; any other function or argument name (a real name included) becomes {@code <not offered: NAME>}.
     */
    ToolCall restore(ToolCall call) {
        Map<String, String> realFunction = inverse(functions);
        Map<String, String> realArgument = inverse(arguments);
        Map<String, Object> args = new LinkedHashMap<>();
        call.arguments().forEach((k, v) -> args.put(realArgument.getOrDefault(k, Ablation.NOT_OFFERED.formatted(k)), v instanceof String s ? realName(s) : v));
        return new ToolCall(realFunction.getOrDefault(call.name(), Ablation.NOT_OFFERED.formatted(call.name())), args, call.label());
    }

    /** {@code text} with every real function or argument name that occurs as a word replaced by its obfuscated name. */
    String text(String text) {
        if (text == null || text.isEmpty() || pattern() == null) {
            return text;
        }
        Matcher m = pattern().matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(obfuscatedName(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Every real name of the sample, functions and arguments. */
    List<String> realNames() {
        List<String> out = new ArrayList<>(functions.keySet());
        arguments.keySet().stream().filter(a -> !functions.containsKey(a)).forEach(out::add);
        return out;
    }

    /** Every string in a JSON-like value (map keys kept) passed through {@link #text}. */
    Object rewrite(Object value) {
        if (value instanceof String s) {
            return text(s);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), rewrite(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(rewrite(v)));
            return out;
        }
        return value;
    }

    private Pattern pattern() {
        if (words == null) {
            List<String> names = realNames().stream().filter(n -> !n.isEmpty()).sorted(Comparator.comparingInt(String::length).reversed()).toList();
            if (names.isEmpty()) {
                return null;
            }
            words = Pattern.compile("(?<![A-Za-z0-9_\\\\])(?:" + names.stream().map(Pattern::quote).collect(Collectors.joining("|"))
                    + ")(?![A-Za-z0-9_])");
        }
        return words;
    }

    private String obfuscatedName(String real) {
        String function = functions.get(real);
        return function != null ? function : arguments.getOrDefault(real, real);
    }

    private String realName(String shown) {
        String function = inverse(functions).get(shown);
        return function != null ? function : inverse(arguments).getOrDefault(shown, shown);
    }

    private Map<String, Object> renameKeys(Map<String, Object> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(arguments.getOrDefault(k, k), v));
        return out;
    }

    private static Map<String, String> inverse(Map<String, String> map) {
        Map<String, String> out = new LinkedHashMap<>();
        map.forEach((real, obfuscated) -> out.put(obfuscated, real));
        return out;
    }
}
