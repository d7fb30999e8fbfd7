package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** JSON-schema type of a query parameter and how a raw value of that type is read and checked. */
public enum ParamType {
    STRING("string"),
    INTEGER("integer"),
    NUMBER("number");

    private final String jsonType;

    ParamType(String jsonType) {
        this.jsonType = jsonType;
    }

    @JsonValue
    public String jsonType() {
        return jsonType;
    }

    @JsonCreator
    public static ParamType parse(String s) {
        for (ParamType t : values()) {
            if (t.jsonType.equals(s.toLowerCase(Locale.ROOT))) return t;
        }
        throw new IllegalArgumentException("unknown parameter type '" + s + "' (expected string, integer or number)");
    }

    /**
     * The bindable value (String, Long or Double) of a raw argument, which is a query-string text or a JSON value.
     * Throws IllegalArgumentException with the reason when the value does not have this type.
     */
    public Object coerce(Object raw) {
        if (raw == null) throw new IllegalArgumentException("value is null");
        switch (this) {
            case STRING:
                if (raw instanceof String s) return s;
                if (raw instanceof Number || raw instanceof Boolean) return raw.toString();
                throw new IllegalArgumentException("expected a string");
            case INTEGER:
                if (raw instanceof Integer || raw instanceof Long || raw instanceof Short || raw instanceof Byte) return ((Number) raw).longValue();
                if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && Math.abs(n.doubleValue()) < 9e15) return n.longValue();
                if (raw instanceof String s) {
                    try {
                        return Long.parseLong(s.trim());
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("expected an integer, got '" + abbreviate(s) + "'");
                    }
                }
                throw new IllegalArgumentException("expected an integer");
            default:
                if (raw instanceof Number n) return n instanceof Long || n instanceof Integer ? (Object) n.longValue() : (Object) n.doubleValue();
                if (raw instanceof String s) {
                    String t = s.trim();
                    try {
                        if (t.matches("[+-]?\\d{1,18}")) return Long.parseLong(t);
                        double d = Double.parseDouble(t);
                        if (Double.isNaN(d) || Double.isInfinite(d) || !t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) throw new NumberFormatException();
                        return d;
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("expected a number, got '" + abbreviate(s) + "'");
                    }
                }
                throw new IllegalArgumentException("expected a number");
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
