package dev.ibench.core.parse;

import java.util.Optional;

/**
 * A Python literal instead of JSON, e.g. {@code [{'name': 'f', 'arguments': {}, 'label': None}]} (seed 000,
 * appendix H shows such outputs). Tries the whole text, then the outermost {@code [...]}, then {@code {...}} span.
 */
public final class PythonLiteralStage implements ParseStage {
    @Override
    public String name() {
        return "python_literal";
    }

    @Override
    public Optional<Object> extract(String text) {
        Optional<Object> whole = read(text);
        if (whole.isPresent()) {
            return whole;
        }
        Optional<Object> list = span(text, '[', ']');
        return list.isPresent() ? list : span(text, '{', '}');
    }

    private static Optional<Object> span(String text, char open, char close) {
        int start = text.indexOf(open);
        int end = text.lastIndexOf(close);
        return start >= 0 && end > start ? read(text.substring(start, end + 1)) : Optional.empty();
    }

    private static Optional<Object> read(String text) {
        try {
            Object value = PythonSyntaxReader.readLiteral(text);
            return value instanceof java.util.List<?> || value instanceof java.util.Map<?, ?> ? Optional.of(value) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
