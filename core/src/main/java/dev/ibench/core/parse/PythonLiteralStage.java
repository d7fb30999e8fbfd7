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
        return BracketSpans.read(text, PythonLiteralStage::read);
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
