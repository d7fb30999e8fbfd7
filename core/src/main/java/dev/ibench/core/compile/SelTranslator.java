package dev.ibench.core.compile;

import dev.ibench.core.runtime.ToolCatalog;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.tools.ParamDeclaration;
import dev.ibench.core.tools.SelBinding;
import dev.ibench.core.tools.ToolDeclaration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Derives the SEL sequence from a SLOT sequence using the catalog's bindings: the bound argument moves into
 * the tool name, nested arguments are flattened, and a dropped argument that differs from its default is
 * expressed by a follow-up call ({@code distinct} -> {@code select_unique_values}, {@code limit} -> {@code truncate}).
 */
public final class SelTranslator {
    private final ToolCatalog catalog;

    public SelTranslator(ToolCatalog catalog) {
        this.catalog = catalog;
    }

    public List<ToolCall> translate(List<ToolCall> slot) throws UnsupportedQueryException {
        List<ToolCall> out = new ArrayList<>();
        Map<String, String> renamed = new LinkedHashMap<>();
        for (ToolCall call : slot) {
            ToolDeclaration d = catalog.declaration(call.name());
            if (d == null) throw new UnsupportedQueryException("sel_unknown_tool", call.name());
            Map<String, Object> args = rewriteRefs(call.arguments(), renamed);
            SelBinding b = d.sel();
            if (b == null) {
                out.add(new ToolCall(call.name(), args, call.label()));
                continue;
            }
            Object boundValue = args.remove(b.param());
            String label = call.label();
            if (boundValue instanceof List<?> keys) {
                // Several keys: one getter per key, zipped into rows (extended mode only).
                if (catalog.declaration("combine_columns") == null) throw new UnsupportedQueryException("sel_multi_column_select", call.toString());
                List<Object> refs = new ArrayList<>();
                for (Object key : keys) {
                    String part = label + "_" + refs.size();
                    Map<String, Object> getterArgs = new LinkedHashMap<>();
                    getterArgs.put("data_source", args.get("data_source"));
                    out.add(new ToolCall(b.toolName(String.valueOf(key)), getterArgs, part));
                    refs.add("$" + part + "$");
                }
                out.add(new ToolCall("combine_columns", mapOf("values", refs), label));
                boundValue = null;
            }
            String name = boundValue == null ? null : b.toolName(String.valueOf(boundValue));
            Map<String, Object> followUps = new LinkedHashMap<>();
            for (Map.Entry<String, Object> dropped : b.dropped().entrySet()) {
                Object v = args.remove(dropped.getKey());
                if (v != null && !sameValue(v, dropped.getValue())) followUps.put(dropped.getKey(), v);
            }
            if (b.nestedInto() != null && args.get(b.nestedInto()) instanceof Map<?, ?> nested) {
                args.remove(b.nestedInto());
                for (ParamDeclaration p : b.perValueParams().getOrDefault(String.valueOf(boundValue), List.of())) {
                    if (nested.containsKey(p.name())) args.put(p.name(), nested.get(p.name()));
                }
            }
            if (name != null) out.add(new ToolCall(name, args, label));
            if (followUps.containsKey("distinct") && Boolean.TRUE.equals(followUps.get("distinct"))) {
                String next = "UNIQUE_" + out.size();
                out.add(new ToolCall("select_unique_values", mapOf("unique_array", "$" + label + "$"), next));
                label = next;
                followUps.remove("distinct");
            }
            if (followUps.containsKey("limit")) {
                String next = "LIMIT_" + out.size();
                out.add(new ToolCall("truncate", mapOf("truncate_array", "$" + label + "$", "n", followUps.remove("limit")), next));
                label = next;
            }
            if (!followUps.isEmpty()) throw new UnsupportedQueryException("sel_unexpressible_argument", followUps.toString());
            if (!label.equals(call.label())) renamed.put(call.label(), label);
        }
        return out;
    }

    private static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) return x.doubleValue() == y.doubleValue();
        return Objects.equals(a, b);
    }

    private static Map<String, Object> rewriteRefs(Map<String, Object> args, Map<String, String> renamed) {
        Map<String, Object> out = new LinkedHashMap<>();
        args.forEach((k, v) -> out.put(k, rewrite(v, renamed)));
        return out;
    }

    private static Object rewrite(Object v, Map<String, String> renamed) {
        if (v instanceof String s && s.length() > 2 && s.startsWith("$") && s.endsWith("$")) {
            String to = renamed.get(s.substring(1, s.length() - 1));
            return to == null ? s : "$" + to + "$";
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object o : l) out.add(rewrite(o, renamed));
            return out;
        }
        return v;
    }

    private static Map<String, Object> mapOf(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }
}
