package dev.ibench.core.runtime;

import dev.ibench.core.tools.ParamDeclaration;
import dev.ibench.core.tools.SelBinding;
import dev.ibench.core.tools.ToolDeclaration;
import dev.ibench.core.tools.ValueSource;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps a called tool name (SLOT or SEL) to the SLOT operation and its full arguments: a SEL call gets its
 * bound value and dropped defaults back, and flattened nested arguments are nested again. Unknown names
 * give null.
 */
public final class ToolRouter {
    private final Map<String, Route> fixedRoutes = new HashMap<>();
    private final Map<String, ToolDeclaration> direct = new HashMap<>();
    private final List<ToolDeclaration> keyBound;

    /** A resolved call: the SLOT operation name and its arguments. */
    public record Routed(String operation, Map<String, Object> arguments) {}

    private record Route(ToolDeclaration declaration, String value) {}

    public ToolRouter(ToolCatalog catalog) {
        for (ToolDeclaration d : catalog.declarations()) {
            direct.put(d.name(), d);
            SelBinding b = d.sel();
            if (b == null) continue;
            ParamDeclaration p = d.param(b.param());
            if (p.source() == ValueSource.FIXED) {
                for (String v : p.fixedValues()) fixedRoutes.put(b.toolName(v), new Route(d, v));
            }
        }
        keyBound = catalog.declarations().stream()
                .filter(d -> d.sel() != null && d.param(d.sel().param()).source() == ValueSource.KEY_NAMES)
                .toList();
    }

    public Routed route(String name, Map<String, Object> arguments) {
        if (name == null) return null;
        if (direct.containsKey(name)) return new Routed(name, arguments);
        Route r = fixedRoutes.get(name);
        if (r != null) return bind(r.declaration(), r.value(), arguments);
        for (ToolDeclaration d : keyBound) {
            String pattern = d.sel().namePattern();
            int at = pattern.indexOf("{value}");
            String prefix = pattern.substring(0, at);
            String suffix = pattern.substring(at + "{value}".length());
            if (name.startsWith(prefix) && name.endsWith(suffix) && name.length() > prefix.length() + suffix.length()) {
                return bind(d, name.substring(prefix.length(), name.length() - suffix.length()), arguments);
            }
        }
        return null;
    }

    private static Routed bind(ToolDeclaration d, String value, Map<String, Object> arguments) {
        SelBinding b = d.sel();
        Map<String, Object> args = new LinkedHashMap<>(arguments);
        ParamDeclaration bound = d.param(b.param());
        Object boundValue = bound.jsonType().equals("boolean") ? (Object) Boolean.parseBoolean(value) : value;
        args.put(b.param(), boundValue);
        b.dropped().forEach(args::putIfAbsent);
        if (b.nestedInto() != null && !args.containsKey(b.nestedInto())) {
            Map<String, Object> nested = new LinkedHashMap<>();
            for (ParamDeclaration p : b.perValueParams().getOrDefault(value, List.of())) {
                if (args.containsKey(p.name())) nested.put(p.name(), args.remove(p.name()));
            }
            args.put(b.nestedInto(), nested);
        }
        return new Routed(d.name(), args);
    }
}
