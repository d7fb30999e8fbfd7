package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Typed, validated access to one call's arguments. Strings of the form {@code "$LABEL$"} are resolved
 * against earlier results; every problem raises a {@link ToolArgumentException} naming the argument.
 */
public final class CallArguments {
    private final String tool;
    private final Map<String, Object> raw;
    private final LabelStore labels;

    public CallArguments(String tool, Map<String, Object> raw, LabelStore labels) {
        this.tool = tool;
        this.raw = raw;
        this.labels = labels;
    }

    public boolean has(String name) {
        return raw.containsKey(name) && raw.get(name) != null;
    }

    /** The argument with label references resolved (lists are resolved element-wise). */
    public Object value(String name) throws ToolArgumentException {
        if (!raw.containsKey(name)) {
            throw new ToolArgumentException(tool + ": missing required argument '" + name + "'");
        }
        return resolve(name, raw.get(name));
    }

    public Object valueOr(String name, Object fallback) throws ToolArgumentException {
        return has(name) ? value(name) : fallback;
    }

    private Object resolve(String name, Object v) throws ToolArgumentException {
        if (v instanceof String s && LabelStore.isReference(s)) {
            return labels.get(s, tool + " argument '" + name + "'");
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(resolve(name, o));
            }
            return out;
        }
        return v;
    }

    /** The data argument: a table, grouped table or list produced by an earlier call. */
    public Object data(String name) throws ToolArgumentException {
        Object raw0 = raw.get(name);
        if (raw0 == null) {
            throw new ToolArgumentException(tool + ": missing required argument '" + name + "' (a \"$LABEL$\" reference to an earlier result)");
        }
        if (raw0 instanceof String s && !LabelStore.isReference(s)) {
            Object bare = labels.find(s);
            if (bare != null) return bare;
            throw new ToolArgumentException(tool + ": argument '" + name + "' must reference an earlier result as \"$LABEL$\", got '" + s + "'");
        }
        return value(name);
    }

    public String string(String name) throws ToolArgumentException {
        Object v = value(name);
        if (v instanceof String s) return s;
        throw new ToolArgumentException(tool + ": argument '" + name + "' must be a string, got " + describe(v));
    }

    public String stringOr(String name, String fallback) throws ToolArgumentException {
        return has(name) ? string(name) : fallback;
    }

    public boolean bool(String name, boolean fallback) throws ToolArgumentException {
        if (!has(name)) return fallback;
        Object v = value(name);
        if (v instanceof Boolean b) return b;
        if (v instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) return Boolean.parseBoolean(s);
        throw new ToolArgumentException(tool + ": argument '" + name + "' must be a boolean, got " + describe(v));
    }

    public long integer(String name, long fallback) throws ToolArgumentException {
        if (!has(name)) return fallback;
        Object v = value(name);
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) return n.longValue();
        if (v instanceof String s) {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                // fall through to the error below
            }
        }
        throw new ToolArgumentException(tool + ": argument '" + name + "' must be an integer, got " + describe(v));
    }

    /** One key name or a list of key names. */
    public List<String> keys(String name) throws ToolArgumentException {
        Object v = value(name);
        List<String> out = new ArrayList<>();
        if (v instanceof String s) {
            out.add(s);
        } else if (v instanceof List<?> list) {
            for (Object o : list) {
                if (!(o instanceof String s)) {
                    throw new ToolArgumentException(tool + ": argument '" + name + "' must list key names (strings), got " + describe(o));
                }
                out.add(s);
            }
        } else {
            throw new ToolArgumentException(tool + ": argument '" + name + "' must be a key name or a list of key names, got " + describe(v));
        }
        return out;
    }

    public String tool() {
        return tool;
    }

    static String describe(Object v) {
        if (v == null) return "null";
        String s = String.valueOf(v);
        if (s.length() > 60) s = s.substring(0, 60) + "...";
        return v.getClass().getSimpleName() + " " + s;
    }
}
