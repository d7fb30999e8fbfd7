package dev.ibench.core.parse;

import java.util.List;
import java.util.Optional;

/**
 * The reference's {@code ast_parse}: strip the characters {@code [}, {@code ]} and {@code '} from both ends, then read
 * the span from the first {@code [} to the last {@code ]} that remains as a Python list of calls. Stripping first
 * means a bare {@code [f(a=1), g(b=2)]} loses its own brackets, so this reader only succeeds where text (or a list
 * argument) keeps a bracket pair inside, e.g. {@code Calls: [f(a=1)]}; a plain call list falls to
 * {@link ReferenceCallSplitReader}. Values are read by {@link PythonSyntaxReader}, which refuses bare names the
 * reference reads as strings (then this reader fails and the next is tried); positional arguments become
 * {@code arg_0, ...} (the reference drops them: a slot-only difference).
 */
final class ReferencePythonAstReader {
    private static final String STRIPPED = "[]'";

    private ReferencePythonAstReader() {}

    static Optional<List<Object>> read(String text) {
        String inner = IbmReferenceStage.pythonStrip(text, STRIPPED);
        int start = inner.indexOf('[');
        int end = inner.lastIndexOf(']');
        if (inner.isEmpty() || start == -1 || end <= start) {
            return Optional.empty();
        }
        try {
            return Optional.of(PythonSyntaxReader.readCallList(inner.substring(start, end + 1)));
        } catch (RuntimeException notACallList) {
            return Optional.empty();
        }
    }
}
