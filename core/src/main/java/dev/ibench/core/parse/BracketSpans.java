package dev.ibench.core.parse;

import java.util.Optional;
import java.util.function.Function;

/**
 * Where a structure may stand in a model's output: the whole text, else the span from the first {@code [} to the last
 * {@code ]}, else from the first {@code {} to the last {@code }}; the first span the reader accepts wins.
 */
final class BracketSpans {
    private BracketSpans() {}

    static Optional<Object> read(String text, Function<String, Optional<Object>> reader) {
        Optional<Object> whole = reader.apply(text);
        if (whole.isPresent()) {
            return whole;
        }
        Optional<Object> list = span(text, '[', ']', reader);
        return list.isPresent() ? list : span(text, '{', '}', reader);
    }

    private static Optional<Object> span(String text, char open, char close, Function<String, Optional<Object>> reader) {
        int start = text.indexOf(open);
        int end = text.lastIndexOf(close);
        return start >= 0 && end > start ? reader.apply(text.substring(start, end + 1)) : Optional.empty();
    }
}
