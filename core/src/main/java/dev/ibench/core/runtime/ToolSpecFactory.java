package dev.ibench.core.runtime;

import dev.ibench.core.sample.KeyDescription;
import dev.ibench.core.tools.FunctionSpec;
import dev.ibench.core.tools.ParamDeclaration;
import dev.ibench.core.tools.SelBinding;
import dev.ibench.core.tools.ToolDeclaration;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.core.tools.ValueSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives OpenAI function specifications ({@code name, description, parameters:{type, properties, required}})
 * for one sample from the catalog's declarations: key-name parameters get an {@code enum} of the sample's keys
 * and a description listing each key with its column description (seed appendix D.1).
 */
public final class ToolSpecFactory {
    private final ToolCatalog catalog;

    public ToolSpecFactory(ToolCatalog catalog) {
        this.catalog = catalog;
    }

    public List<Map<String, Object>> specs(ToolStyle style, List<KeyDescription> keys) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ToolDeclaration d : catalog.declarationsFor(style)) {
            if (style == ToolStyle.SLOT || d.sel() == null) {
                if (style == ToolStyle.SLOT && d.name().equals("truncate")) continue;
                out.add(spec(d.name(), d.description(), d.params(), keys));
            } else {
                out.addAll(selSpecs(d, keys));
            }
        }
        return out;
    }

    /**
     * The tools of {@code style} bound to one key (SEL's getter {@code get_<key>s}), as a sample whose keys are
     * {@code keys} would offer them: a tool universe offers them to samples whose starting table lacks that key.
     */
    public List<Map<String, Object>> keyBoundSpecs(ToolStyle style, KeyDescription key, List<KeyDescription> keys) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (style != ToolStyle.SEL) {
            return out;
        }
        for (ToolDeclaration d : catalog.declarationsFor(style)) {
            if (d.sel() != null && d.param(d.sel().param()).source() == ValueSource.KEY_NAMES) {
                out.add(keyBoundSpec(d, key, keys));
            }
        }
        return out;
    }

    private static Map<String, Object> keyBoundSpec(ToolDeclaration d, KeyDescription key, List<KeyDescription> keys) {
        SelBinding b = d.sel();
        return spec(b.toolName(key.keyName()), "Lookup data " + key.keyName() + ": " + key.description(), remaining(d, b, null), keys);
    }

    private List<Map<String, Object>> selSpecs(ToolDeclaration d, List<KeyDescription> keys) {
        SelBinding b = d.sel();
        ParamDeclaration bound = d.param(b.param());
        List<Map<String, Object>> out = new ArrayList<>();
        if (bound.source() == ValueSource.KEY_NAMES) {
            for (KeyDescription k : keys) {
                out.add(keyBoundSpec(d, k, keys));
            }
            return out;
        }
        for (String value : bound.fixedValues()) {
            String description = b.valueDescriptions().getOrDefault(value, d.description() + " (" + b.param() + " = " + value + ")");
            out.add(spec(b.toolName(value), description, remaining(d, b, value), keys));
        }
        return out;
    }

    private static List<ParamDeclaration> remaining(ToolDeclaration d, SelBinding b, String value) {
        List<ParamDeclaration> params = new ArrayList<>();
        for (ParamDeclaration p : d.params()) {
            if (p.name().equals(b.param()) || b.dropped().containsKey(p.name())) continue;
            if (p.name().equals(b.nestedInto())) {
                params.addAll(b.perValueParams().getOrDefault(value, List.of()));
                continue;
            }
            params.add(p);
        }
        return params;
    }

    private static Map<String, Object> spec(String name, String description, List<ParamDeclaration> params, List<KeyDescription> keys) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (ParamDeclaration p : params) {
            Map<String, Object> prop = new LinkedHashMap<>();
            switch (p.source()) {
                case KEY_NAMES -> {
                    StringBuilder doc = new StringBuilder(p.description().replaceAll("[.]$", "")).append(": \n");
                    List<String> names = new ArrayList<>();
                    for (KeyDescription k : keys) {
                        doc.append("* `").append(k.keyName()).append("` - ").append(k.description()).append('\n');
                        names.add(k.keyName());
                    }
                    prop.put("description", doc.toString());
                    prop.put("type", p.jsonType());
                    prop.put("enum", names);
                }
                case FIXED -> {
                    prop.put("description", p.description());
                    prop.put("type", p.jsonType());
                    if (p.jsonType().equals("string")) prop.put("enum", p.fixedValues());
                }
                default -> {
                    prop.put("description", p.description());
                    prop.put("type", p.jsonType());
                }
            }
            properties.put(p.name(), prop);
            if (p.required()) required.add(p.name());
        }
        return FunctionSpec.of(name, description, properties, required);
    }
}
