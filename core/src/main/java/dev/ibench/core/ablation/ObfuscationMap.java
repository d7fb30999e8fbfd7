package dev.ibench.core.ablation;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One sample's obfuscated names (seed 000 appendix C.1): its functions become {@code FUNC_1, FUNC_2, ...} in the order
 * of its tool list, their argument names {@code ARG_1, ARG_2, ...} in order of first appearance (the same argument
 * name is the same {@code ARG_n} in every function of the sample). Names only the calls use (no tool describes them)
 * come after, in call order. Descriptions and argument values are untouched.
 */
final class ObfuscationMap {
    private final Map<String, String> functions = new LinkedHashMap<>();
    private final Map<String, String> arguments = new LinkedHashMap<>();

    @SuppressWarnings("unchecked")
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

    @SuppressWarnings("unchecked")
    Map<String, Object> obfuscateTool(Map<String, Object> tool) {
        Map<String, Object> out = new LinkedHashMap<>(tool);
        out.put("name", functions.get(String.valueOf(tool.get("name"))));
        if (tool.get("parameters") instanceof Map<?, ?> parameters) {
            Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) parameters);
            if (p.get("properties") instanceof Map<?, ?> properties) {
                p.put("properties", renameKeys((Map<String, Object>) properties));
            }
            if (p.get("required") instanceof List<?> required) {
                p.put("required", renameAll(required));
            }
            out.put("parameters", p);
        }
        if (tool.get("arguments") instanceof Map<?, ?> args) {
            out.put("arguments", renameKeys((Map<String, Object>) args));
        }
        if (tool.get("required") instanceof List<?> required) {
            out.put("required", renameAll(required));
        }
        return out;
    }

    ToolCall obfuscate(ToolCall call) {
        return new ToolCall(functions.getOrDefault(call.name(), call.name()), renameKeys(call.arguments()), call.label());
    }

    /** A predicted call in the sample's own names: obfuscated names mapped back, any other name kept as written. */
    ToolCall restore(ToolCall call) {
        Map<String, String> realFunction = inverse(functions);
        Map<String, String> realArgument = inverse(arguments);
        Map<String, Object> args = new LinkedHashMap<>();
        call.arguments().forEach((k, v) -> args.put(realArgument.getOrDefault(k, k), v));
        return new ToolCall(realFunction.getOrDefault(call.name(), call.name()), args, call.label());
    }

    private Map<String, Object> renameKeys(Map<String, Object> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(arguments.getOrDefault(k, k), v));
        return out;
    }

    private List<Object> renameAll(List<?> names) {
        List<Object> out = new ArrayList<>();
        names.forEach(n -> out.add(n instanceof String s ? arguments.getOrDefault(s, s) : n));
        return out;
    }

    private static Map<String, String> inverse(Map<String, String> map) {
        Map<String, String> out = new LinkedHashMap<>();
        map.forEach((real, obfuscated) -> out.put(obfuscated, real));
        return out;
    }
}
