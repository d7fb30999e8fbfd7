package dev.ibench.core.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Checks arguments against an endpoint's parameters and orders them for binding: unknown names, missing required
 * parameters and values of the wrong type are rejected with a message naming the parameter. Raw values are query
 * strings (from HTTP) or JSON values (from eval sets); a value that arrives more than once is rejected.
 */
public final class ArgumentBinder {
    public static final int MAX_VALUE_LENGTH = 1000;

    private ArgumentBinder() {}

    /** Values indexed by placeholder number - 1. */
    public static List<Object> bind(EndpointSpec spec, Map<String, ?> raw) throws InvalidArgumentException {
        for (String name : new TreeSet<>(raw.keySet())) {
            if (spec.parameter(name) == null) {
                throw new InvalidArgumentException(name, "unknown parameter '" + name + "'" + expected(spec));
            }
        }
        int slots = 0;
        for (QueryParameter p : spec.parameters()) slots = Math.max(slots, p.position());
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < slots; i++) values.add(null);
        for (QueryParameter p : spec.parameters()) {
            Object v = raw.get(p.name());
            if (v instanceof List<?> list) {
                if (list.size() != 1) throw new InvalidArgumentException(p.name(), "parameter '" + p.name() + "' given " + list.size() + " times; expected once");
                v = list.get(0);
            }
            if (v == null) {
                if (p.required()) throw new InvalidArgumentException(p.name(), "missing required parameter '" + p.name() + "' (" + p.type().jsonType() + ")");
                continue;
            }
            if (v instanceof String s && s.length() > MAX_VALUE_LENGTH) {
                throw new InvalidArgumentException(p.name(), "parameter '" + p.name() + "' is longer than " + MAX_VALUE_LENGTH + " characters");
            }
            try {
                values.set(p.position() - 1, p.type().coerce(v));
            } catch (IllegalArgumentException e) {
                throw new InvalidArgumentException(p.name(), "parameter '" + p.name() + "': " + e.getMessage());
            }
        }
        return values;
    }

    private static String expected(EndpointSpec spec) {
        if (spec.parameters().isEmpty()) return "; this endpoint takes no parameters";
        List<String> names = new ArrayList<>();
        for (QueryParameter p : spec.parameters()) names.add(p.name());
        return "; expected " + String.join(", ", names);
    }
}
