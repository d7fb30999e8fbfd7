package dev.ibench.activities.toolbackend;

import dev.ibench.core.sample.ToolCall;

/**
 * One sample's tools as a ReACT tool step sees them, wherever they run ({@link ReactToolBackend}): each call gives
 * the full observation text as stored in {@code tool_executions}. A bad call is an observation with {@code ok=false};
 * only an infrastructure failure throws.
 */
public interface ReactToolSession extends AutoCloseable {
    StepObservation call(ToolCall call);

    @Override
    default void close() {}

    /** The stored text of one observation and whether the call succeeded. */
    record StepObservation(boolean ok, String text) {}
}
