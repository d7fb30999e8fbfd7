package dev.ibench.core.tools;

import java.util.List;

/** One parameter of a tool declaration; {@code jsonType} is a JSON-schema type ({@code string}, {@code boolean}, ...). */
public record ParamDeclaration(String name, String jsonType, String description, boolean required, ValueSource source, List<String> fixedValues) {
    public ParamDeclaration {
        fixedValues = fixedValues == null ? List.of() : List.copyOf(fixedValues);
    }

    public static ParamDeclaration free(String name, String jsonType, String description, boolean required) {
        return new ParamDeclaration(name, jsonType, description, required, ValueSource.FREE, List.of());
    }

    public static ParamDeclaration keys(String name, String jsonType, String description, boolean required) {
        return new ParamDeclaration(name, jsonType, description, required, ValueSource.KEY_NAMES, List.of());
    }

    public static ParamDeclaration fixed(String name, String description, List<String> values) {
        return new ParamDeclaration(name, "string", description, true, ValueSource.FIXED, values);
    }
}
