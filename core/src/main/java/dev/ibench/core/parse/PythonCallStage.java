package dev.ibench.core.parse;

import java.util.Optional;

/**
 * BFCL-style Python call syntax: {@code [func(a=1, b="x"), other.func(c=[1, 2])]}. Tries the whole output, then
 * the span from the first {@code [} to the last {@code ]}. Positional arguments are named {@code arg_0, arg_1, ...}.
 */
public final class PythonCallStage implements ParseStage {
    @Override
    public String name() {
        return "python_call";
    }

    @Override
    public Optional<Object> extract(String text) {
        Optional<Object> whole = read(text);
        if (whole.isPresent()) {
            return whole;
        }
        int start = text.indexOf('[');
        int end = text.lastIndexOf(']');
        return start >= 0 && end > start ? read(text.substring(start, end + 1)) : Optional.empty();
    }

    private static Optional<Object> read(String text) {
        try {
            return Optional.of(PythonSyntaxReader.readCallList(text));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
