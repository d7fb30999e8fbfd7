package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reference's {@code manual_xml_parsing}, its last resort: only when both {@code <tool_call>} and
 * {@code </tool_call>} occur, the text is cut at every tag and each piece (also the prose before the first tag) that
 * {@link ReferenceJsonReader} reads as one JSON object is a call; other pieces are skipped. It never fails once the tags
 * are there: no readable piece gives an empty prediction.
 */
final class ReferenceToolCallTagReader {
    private static final String OPEN = "<tool_call>";
    private static final String CLOSE = "</tool_call>";

    private ReferenceToolCallTagReader() {}

    static Optional<List<Object>> read(String text) {
        if (!(text.contains(OPEN) && text.contains(CLOSE))) {
            return Optional.empty();
        }
        List<Object> calls = new ArrayList<>();
        for (String piece : IbmReferenceStage.pythonSplit(text.replace(CLOSE, OPEN), OPEN)) {
            ReferenceJsonReader.read(piece).filter(v -> v instanceof Map<?, ?>).ifPresent(calls::add);
        }
        return Optional.of(calls);
    }
}
