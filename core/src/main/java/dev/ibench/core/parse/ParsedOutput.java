package dev.ibench.core.parse;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * What the parser chain recovered from a raw model output: the calls, the name of the stage that found them (null when
 * none did), and a human-readable problem when not parsed. For {@link ParseStatus#WRONG_FORMAT} the calls keep the
 * well-formed items and an empty-named placeholder for each malformed one (so scoring counts it as a wrong prediction);
 * such calls must not be executed. For {@link ParseStatus#UNPARSEABLE} there are no calls.
 */
public record ParsedOutput(ParseStatus status, List<ToolCall> calls, String stage, String problem) {
    public ParsedOutput {
        calls = calls == null ? List.of() : List.copyOf(calls);
    }

    public static ParsedOutput parsed(List<ToolCall> calls, String stage) {
        return new ParsedOutput(ParseStatus.PARSED, calls, stage, null);
    }

    public static ParsedOutput wrongFormat(String stage, String problem) {
        return wrongFormat(List.of(), stage, problem);
    }

    public static ParsedOutput wrongFormat(List<ToolCall> callsWithPlaceholders, String stage, String problem) {
        return new ParsedOutput(ParseStatus.WRONG_FORMAT, callsWithPlaceholders, stage, problem);
    }

    public static ParsedOutput unparseable(String problem) {
        return new ParsedOutput(ParseStatus.UNPARSEABLE, List.of(), null, problem);
    }

    public boolean isParsed() {
        return status == ParseStatus.PARSED;
    }
}
