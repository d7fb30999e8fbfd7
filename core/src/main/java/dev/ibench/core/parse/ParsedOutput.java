package dev.ibench.core.parse;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * What the parser chain recovered from a raw model output: the calls, the name of the stage that found them (null when
 * none did), and a human-readable problem when not parsed. For {@link ParseStatus#WRONG_FORMAT} the calls are the
 * well-formed items and {@code malformedItems} counts the others (never emitted as calls; scoring counts each as a
 * wrong prediction, as the seed authors' scorer does); such calls must not be executed. For
 * {@link ParseStatus#UNPARSEABLE} there are no calls. Every call has a name.
 */
public record ParsedOutput(ParseStatus status, List<ToolCall> calls, String stage, String problem, int malformedItems) {
    public ParsedOutput {
        calls = calls == null ? List.of() : List.copyOf(calls);
    }

    public ParsedOutput(ParseStatus status, List<ToolCall> calls, String stage, String problem) {
        this(status, calls, stage, problem, 0);
    }

    public static ParsedOutput parsed(List<ToolCall> calls, String stage) {
        return new ParsedOutput(ParseStatus.PARSED, calls, stage, null);
    }

    public static ParsedOutput wrongFormat(String stage, String problem) {
        return wrongFormat(List.of(), stage, problem);
    }

    public static ParsedOutput wrongFormat(List<ToolCall> wellFormedCalls, String stage, String problem) {
        return wrongFormat(wellFormedCalls, stage, problem, 0);
    }

    public static ParsedOutput wrongFormat(List<ToolCall> wellFormedCalls, String stage, String problem, int malformedItems) {
        return new ParsedOutput(ParseStatus.WRONG_FORMAT, wellFormedCalls, stage, problem, malformedItems);
    }

    public static ParsedOutput unparseable(String problem) {
        return new ParsedOutput(ParseStatus.UNPARSEABLE, List.of(), null, problem);
    }

    public static ParsedOutput reasoningOnly(String problem) {
        return new ParsedOutput(ParseStatus.REASONING_ONLY, List.of(), null, problem);
    }

    public boolean isParsed() {
        return status == ParseStatus.PARSED;
    }
}
