package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The language a BFCL category's functions are written in, as bfcl-eval's {@code is_java} / {@code is_js} tell it from
 * the category name. Java and JavaScript arguments arrive as strings in that language's syntax and are converted
 * ({@link BfclJavaLiterals}, {@link BfclJsLiterals}) before BFCL's Python checks run on them.
 */
enum BfclLanguage {
    PYTHON, JAVA, JAVASCRIPT;

    /** The parameter types whose {@code items} type converts the elements: bfcl-eval's NESTED_CONVERSION_TYPE_LIST. */
    static final List<String> NESTED_CONVERSION = List.of("Array", "ArrayList", "array");

    static BfclLanguage of(String category) {
        return category.contains("javascript") ? JAVASCRIPT : category.contains("java") ? JAVA : PYTHON;
    }

    /** The Python type a parameter type is checked as; empty for a type bfcl-eval's table lacks (it raises there). */
    Optional<BfclValues.PyType> pyType(String type) {
        return switch (this) {
            case PYTHON -> Optional.of(BfclValues.expectedType(type));
            case JAVA -> Optional.ofNullable(type == null ? null : BfclJavaLiterals.TYPES.get(type));
            case JAVASCRIPT -> Optional.ofNullable(type == null ? null : BfclJsLiterals.TYPES.get(type));
        };
    }

    /** The text of a Java or JavaScript argument read as its type; empty where bfcl-eval's converter raises. */
    Optional<Object> convert(String text, String type, String nestedType) {
        return this == JAVA ? BfclJavaLiterals.convert(text, type, nestedType) : BfclJsLiterals.convert(text, type, nestedType);
    }

    /** BFCL's error type for a non-string argument in this language. */
    String typeErrorName() {
        return this == JAVA ? "type_error:java" : "type_error:js";
    }

    static String itemsType(Map<String, Object> schema) {
        return schema.get("items") instanceof Map<?, ?> m && m.get("type") instanceof String t ? t : null;
    }
}
