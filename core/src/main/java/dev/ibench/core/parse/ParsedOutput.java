package dev.ibench.core.parse;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * What the parser chain recovered from a raw model output: the calls (empty unless {@link ParseStatus#PARSED}),
 * the name of the stage that succeeded (null when none did), and a human-readable problem when not parsed.
 */
public record ParsedOutput(ParseStatus status, List<ToolCall> calls, String stage, String problem) {
    public ParsedOutput {
        calls = calls == null ? List.of() : List.copyOf(calls);
    }

    public static ParsedOutput parsed(List<ToolCall> calls, String stage) {
        return new ParsedOutput(ParseStatus.PARSED, calls, stage, null);
    }

    public static ParsedOutput wrongFormat(String stage, String problem) {
        return new ParsedOutput(ParseStatus.WRONG_FORMAT, List.of(), stage, problem);
    }

    public static ParsedOutput unparseable(String problem) {
        return new ParsedOutput(ParseStatus.UNPARSEABLE, List.of(), null, problem);
    }

    public boolean isParsed() {
        return status == ParseStatus.PARSED;
    }
}
