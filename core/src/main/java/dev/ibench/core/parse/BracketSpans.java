package dev.ibench.core.parse;

import java.util.Optional;
import java.util.function.Function;

/**
 * Where a structure may stand in a model's output: the whole text, else the bracket span that opens first (from the
 * first {@code [} to the last {@code ]}, or from the first {@code {} to the last {@code }}), else the other one; the
 * first span the reader accepts wins. Opening first decides, as in the seed authors' {@code get_json_dict_from_txt}: a
 * call object whose arguments hold a list ({@code {"name": "f", "parameters": {"data_source": {"args": []}}}'}, a
 * stray quote after it) is read as the call, not as its inner list. Unlike theirs, the other span is still tried,
 * unless a call stands outside it: then the output holds calls in two places with words between them (a call, "this
 * is not sufficient", a list of calls), and neither is read ({@link CallBlocks}).
 */
final class BracketSpans {
    private BracketSpans() {}

    static Optional<Object> read(String text, Function<String, Optional<Object>> reader) {
        Optional<Object> whole = reader.apply(text);
        if (whole.isPresent()) {
            return whole;
        }
        int list = text.indexOf('[');
        int object = text.indexOf('{');
        boolean objectFirst = object >= 0 && (list < 0 || object < list);
        Optional<Object> first = objectFirst ? span(text, '{', '}', reader, false) : span(text, '[', ']', reader, false);
        return first.isPresent() ? first : objectFirst ? span(text, '[', ']', reader, true) : span(text, '{', '}', reader, true);
    }

    private static Optional<Object> span(String text, char open, char close, Function<String, Optional<Object>> reader,
                                         boolean fallback) {
        int start = text.indexOf(open);
        int end = text.lastIndexOf(close);
        if (start < 0 || end <= start) {
            return Optional.empty();
        }
        Optional<Object> value = reader.apply(text.substring(start, end + 1));
        return value.isPresent() && fallback && CallBlocks.callOutside(text, start, end + 1) ? Optional.empty() : value;
    }
}
