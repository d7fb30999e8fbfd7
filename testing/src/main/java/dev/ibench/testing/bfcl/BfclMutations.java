package dev.ibench.testing.bfcl;

import dev.ibench.core.bfcl.BfclCallRenderer;
import dev.ibench.core.sample.NativeToolName;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;

/**
 * Seeded predictions derived from a BFCL sample's gold calls, each a kind of mistake models make (or a harmless
 * variation): another acceptable value, a parameter dropped or added, a wrong type, int for float and back, {@code null},
 * string case / whitespace / punctuation, calls reordered, a wrong or native-spelled function name, nested lists and
 * dicts changed, a call dropped or repeated, bool for int. Kinds that do not apply to a sample yield nothing.
 */
public final class BfclMutations {
    /** One prediction and the kind of change that made it from the gold calls. */
    public record Mutation(String kind, List<ToolCall> calls) {}

    private static final List<Object> OTHER_TYPES = java.util.Arrays.asList("42", 42, 4.2, true, null, List.of(1), Map.of("k", "v"), "");

    private final Random random;

    public BfclMutations(long seed) {
        this.random = new Random(seed);
    }

    /**
     * Mutations of the gold calls of one AST sample: one per kind that applies. {@code groundTruth} is the possible
     * answer ({@code [{function: {param: [acceptable values]}}]}), used for the alternative acceptable values.
     */
    public List<Mutation> of(String category, List<Map<String, Object>> functions, List<Map<String, Map<String, List<Object>>>> groundTruth,
            List<ToolCall> gold) {
        List<Mutation> out = new ArrayList<>();
        add(out, "no_call", List.of());
        add(out, "alternative_acceptable", alternative(category, functions, groundTruth, gold));
        if (category.contains("java")) {
            add(out, "literal_variant", onArg(gold, this::literalVariant));
            add(out, "literal_variant", onArg(gold, this::literalVariant));
        }
        add(out, "drop_param", onArg(gold, (call, param) -> without(call, param)));
        add(out, "extra_param", extra(functions, gold));
        add(out, "wrong_type", onArg(gold, (call, param) -> with(call, param, pick(OTHER_TYPES))));
        add(out, "int_float", onArg(gold, this::flipNumber));
        add(out, "null_value", onArg(gold, (call, param) -> with(call, param, null)));
        add(out, "string_variant", onArg(gold, this::stringVariant));
        add(out, "reordered_calls", gold.size() > 1 ? shuffled(gold) : null);
        add(out, "wrong_function", wrongFunction(functions, gold));
        add(out, "native_name", nativeName(gold));
        add(out, "nested_change", onArg(gold, this::nested));
        add(out, "call_count", callCount(gold));
        add(out, "bool_int", onArg(gold, this::boolInt));
        add(out, "empty_list", onArg(gold, (call, param) -> call.arguments().get(param) instanceof List<?> l && !l.isEmpty()
                ? with(call, param, List.of()) : null));
        // two changes at once, so the checkers meet mistakes in combination
        List<Mutation> singles = new ArrayList<>(out);
        if (singles.size() >= 2) {
            Mutation a = singles.get(random.nextInt(singles.size()));
            List<ToolCall> twice = onArg(a.calls(), (call, param) -> with(call, param, pick(OTHER_TYPES)));
            add(out, "combined", twice);
        }
        return out;
    }

    /** Predictions for an (ir)relevance sample: no call, one call of the first function, two calls. */
    public List<Mutation> ofRelevance(List<Map<String, Object>> functions) {
        // BFCL's live_irrelevance has rows without functions: the model is offered nothing, and any call is wrong
        String name = functions.isEmpty() ? "lookup" : String.valueOf(functions.get(0).get("name"));
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("query", pick(OTHER_TYPES));
        List<Mutation> out = new ArrayList<>();
        out.add(new Mutation("no_call", List.of()));
        out.add(new Mutation("one_call", List.of(new ToolCall(name, args, null))));
        out.add(new Mutation("two_calls", List.of(new ToolCall(name, args, null), new ToolCall("other_function", Map.of(), null))));
        return out;
    }

    private static void add(List<Mutation> out, String kind, List<ToolCall> calls) {
        if (calls != null) {
            out.add(new Mutation(kind, calls));
        }
    }

    private Object pick(List<Object> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** The gold calls with one argument of one call (both chosen at random) replaced by {@code change}; null when none applies. */
    private List<ToolCall> onArg(List<ToolCall> gold, BiFunction<ToolCall, String, ToolCall> change) {
        List<int[]> slots = new ArrayList<>();
        for (int c = 0; c < gold.size(); c++) {
            for (int a = 0; a < gold.get(c).arguments().size(); a++) {
                slots.add(new int[] {c, a});
            }
        }
        Collections.shuffle(slots, random);
        for (int[] slot : slots) {
            ToolCall call = gold.get(slot[0]);
            String param = new ArrayList<>(call.arguments().keySet()).get(slot[1]);
            ToolCall changed = change.apply(call, param);
            if (changed != null) {
                List<ToolCall> out = new ArrayList<>(gold);
                out.set(slot[0], changed);
                return out;
            }
        }
        return null;
    }

    private static ToolCall with(ToolCall call, String param, Object value) {
        Map<String, Object> args = new LinkedHashMap<>(call.arguments());
        args.put(param, value);
        return new ToolCall(call.name(), args, null);
    }

    private static ToolCall without(ToolCall call, String param) {
        Map<String, Object> args = new LinkedHashMap<>(call.arguments());
        args.remove(param);
        return new ToolCall(call.name(), args, null);
    }

    @SuppressWarnings("unchecked")
    private List<ToolCall> alternative(String category, List<Map<String, Object>> functions,
            List<Map<String, Map<String, List<Object>>>> groundTruth, List<ToolCall> gold) {
        if (groundTruth == null || groundTruth.size() != gold.size()) {
            return null;
        }
        List<ToolCall> out = new ArrayList<>();
        for (int i = 0; i < gold.size(); i++) {
            String function = gold.get(i).name();
            Map<String, Object> args = new LinkedHashMap<>();
            groundTruth.get(i).values().iterator().next().forEach((param, acceptable) -> {
                if (acceptable == null || acceptable.isEmpty()) {
                    return;
                }
                Object v = acceptable.get(random.nextInt(acceptable.size()));
                if (!"".equals(v)) {
                    args.put(param, BfclCallRenderer.asArgument(category, concrete(v), schema(functions, function, param)));
                }
            });
            out.add(new ToolCall(gold.get(i).name(), args, null));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(List<Map<String, Object>> functions, String function, String param) {
        for (Map<String, Object> f : functions) {
            if (function.equals(f.get("name")) && f.get("parameters") instanceof Map<?, ?> p && p.get("properties") instanceof Map<?, ?> props
                    && props.get(param) instanceof Map<?, ?> s) {
                return (Map<String, Object>) s;
            }
        }
        return Map.of();
    }

    /** A possible answer's value with each nested dict's acceptable-value lists reduced to one of their values. */
    private Object concrete(Object value) {
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(x -> out.add(concrete(x)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> {
                Object pick = v instanceof List<?> l && !l.isEmpty() ? l.get(random.nextInt(l.size())) : v;
                if (!"".equals(pick)) {
                    out.put(String.valueOf(k), concrete(pick));
                }
            });
            return out;
        }
        return value;
    }

    /** Java and JavaScript literal spellings: suffixes, capitalised booleans, quote styles, collection syntax. */
    private ToolCall literalVariant(ToolCall call, String param) {
        if (!(call.arguments().get(param) instanceof String s)) {
            return null;
        }
        String changed = switch (random.nextInt(8)) {
            case 0 -> s.replaceAll("[LfFn]$", "");
            case 1 -> s.matches("-?\\d+") ? s + (random.nextBoolean() ? "L" : "f") : s + "n";
            case 2 -> s.equals("true") ? "True" : s.equals("false") ? "0" : "\"" + s + "\"";
            case 3 -> s.replace('"', '\'');
            case 4 -> s.replace("new ArrayList<>(Arrays.asList(", "new ArrayList<>() {{ add(").replace("))", ") }}");
            case 5 -> s.startsWith("[") ? "new Array(" + s.substring(1, Math.max(1, s.length() - 1)) + ")" : "[" + s + "]";
            case 6 -> s.replace(" ", "");
            default -> s.replace(".", ".0").replace("{", "{ ").replace("}", " }");
        };
        return with(call, param, changed);
    }

    @SuppressWarnings("unchecked")
    private List<ToolCall> extra(List<Map<String, Object>> functions, List<ToolCall> gold) {
        if (gold.isEmpty()) {
            return null;
        }
        int c = random.nextInt(gold.size());
        ToolCall call = gold.get(c);
        String param = "unexpected_param";
        for (Map<String, Object> f : functions) {
            if (call.name().equals(f.get("name")) && f.get("parameters") instanceof Map<?, ?> p && p.get("properties") instanceof Map<?, ?> props) {
                List<String> unused = new ArrayList<>();
                ((Map<String, Object>) props).keySet().stream().filter(k -> !call.arguments().containsKey(k)).forEach(unused::add);
                if (!unused.isEmpty() && random.nextBoolean()) {
                    param = unused.get(random.nextInt(unused.size()));
                }
            }
        }
        List<ToolCall> out = new ArrayList<>(gold);
        out.set(c, with(call, param, pick(OTHER_TYPES)));
        return out;
    }

    private ToolCall flipNumber(ToolCall call, String param) {
        Object v = call.arguments().get(param);
        if (v instanceof Integer || v instanceof Long) {
            return with(call, param, ((Number) v).doubleValue());
        }
        if (v instanceof Double d) {
            return with(call, param, d == Math.rint(d) && Math.abs(d) < 1e15 ? (Object) (long) (double) d : (Object) (long) Math.floor(d));
        }
        return null;
    }

    private ToolCall stringVariant(ToolCall call, String param) {
        if (!(call.arguments().get(param) instanceof String s) || s.isEmpty()) {
            return null;
        }
        String changed = switch (random.nextInt(6)) {
            case 0 -> s.toUpperCase(Locale.ROOT);
            case 1 -> " " + s.replace(" ", "  ") + " ";
            case 2 -> s.replace(' ', '-') + ".";
            case 3 -> s.replace('"', '\'');
            case 4 -> s + "x";
            default -> s.substring(0, s.length() - 1);
        };
        return with(call, param, changed);
    }

    private List<ToolCall> shuffled(List<ToolCall> gold) {
        List<ToolCall> out = new ArrayList<>(gold);
        Collections.reverse(out);
        return out;
    }

    private List<ToolCall> wrongFunction(List<Map<String, Object>> functions, List<ToolCall> gold) {
        if (gold.isEmpty()) {
            return null;
        }
        int c = random.nextInt(gold.size());
        List<String> others = functions.stream().map(f -> String.valueOf(f.get("name"))).filter(n -> !n.equals(gold.get(c).name())).toList();
        String name = others.isEmpty() || random.nextBoolean() ? gold.get(c).name() + "_v2" : others.get(random.nextInt(others.size()));
        List<ToolCall> out = new ArrayList<>(gold);
        out.set(c, new ToolCall(name, gold.get(c).arguments(), null));
        return out;
    }

    /** Dotted names in the native-API spelling ({@code math_factorial}), as function-calling models answer. */
    private static List<ToolCall> nativeName(List<ToolCall> gold) {
        if (gold.stream().noneMatch(c -> c.name().contains("."))) {
            return null;
        }
        return gold.stream().map(c -> new ToolCall(NativeToolName.of(c.name()), c.arguments(), null)).toList();
    }

    private ToolCall nested(ToolCall call, String param) {
        Object v = call.arguments().get(param);
        if (v instanceof List<?> list && !list.isEmpty()) {
            List<Object> changed = new ArrayList<>(list);
            int i = random.nextInt(changed.size());
            switch (random.nextInt(5)) {
                case 0 -> Collections.reverse(changed);
                case 1 -> changed.remove(changed.size() - 1);
                case 2 -> changed.add(changed.get(i));
                case 3 -> changed.set(i, changed.get(i) instanceof Number n ? (Object) (n.doubleValue() + 0.0) : String.valueOf(changed.get(i)).toUpperCase(Locale.ROOT));
                default -> changed.set(i, changed.get(i) instanceof Map<?, ?> m ? mutateDict(m) : null);
            }
            return with(call, param, changed);
        }
        if (v instanceof Map<?, ?> map) {
            return with(call, param, mutateDict(map));
        }
        return null;
    }

    private Map<String, Object> mutateDict(Map<?, ?> map) {
        Map<String, Object> changed = new LinkedHashMap<>();
        map.forEach((k, x) -> changed.put(String.valueOf(k), x));
        List<String> keys = new ArrayList<>(changed.keySet());
        int choice = keys.isEmpty() ? 1 : random.nextInt(4);
        switch (choice) {
            case 0 -> changed.remove(keys.get(random.nextInt(keys.size())));
            case 1 -> changed.put("extra_key", "x");
            case 2 -> changed.put(keys.get(random.nextInt(keys.size())), null);
            default -> {
                String k = keys.get(random.nextInt(keys.size()));
                Object x = changed.get(k);
                changed.put(k, x instanceof String s ? s.toUpperCase(Locale.ROOT) + " " : x instanceof Number n ? (Object) (n.doubleValue() + 1) : "x");
            }
        }
        return changed;
    }

    private List<ToolCall> callCount(List<ToolCall> gold) {
        List<ToolCall> out = new ArrayList<>(gold);
        if (gold.size() > 1 && random.nextBoolean()) {
            out.remove(random.nextInt(out.size()));
        } else if (!gold.isEmpty()) {
            out.add(gold.get(random.nextInt(gold.size())));
        }
        return out;
    }

    private ToolCall boolInt(ToolCall call, String param) {
        Object v = call.arguments().get(param);
        if (v instanceof Boolean b) {
            return with(call, param, b ? 1 : 0);
        }
        if (v instanceof Integer i && (i == 0 || i == 1)) {
            return with(call, param, i == 1);
        }
        return null;
    }
}
