package dev.ibench.core.runtime;

import dev.ibench.core.sample.ToolCall;
import java.util.Map;

/**
 * A stateful, step-by-step tool environment for one sample (used by ReACT agents and sequence execution):
 * the starting tables are bound to their labels, each {@link #call} runs one tool and stores its value under
 * the call's label. Bad calls give an error observation naming the problem; nothing is thrown.
 */
public final class ToolSession {
    private final Map<String, Operation> operations;
    private final ToolRouter router;
    private final LabelStore labels = new LabelStore();
    private Object lastValue;
    private int anonymous;

    ToolSession(Map<String, Operation> operations, ToolRouter router) {
        this.operations = operations;
        this.router = router;
    }

    void bind(String label, Object value) {
        labels.put(label, value);
    }

    public Observation call(ToolCall call) {
        String tool = call == null ? null : call.name();
        String label = call == null || call.label() == null || call.label().isBlank() ? "RESULT_" + (anonymous++) : stripDollars(call.label());
        if (tool == null || tool.isBlank()) {
            return Observation.error(String.valueOf(tool), label, "the call has no tool name");
        }
        ToolRouter.Routed routed = router.route(tool, call.arguments());
        Operation op = routed == null ? null : operations.get(routed.operation());
        if (op == null) {
            return Observation.error(tool, label, "unknown tool '" + tool + "'");
        }
        try {
            Object value = op.apply(new CallArguments(tool, routed.arguments(), labels));
            labels.put(label, value);
            lastValue = value;
            return new Observation(tool, label, true, ValueRenderer.render(label, value), value);
        } catch (ToolArgumentException e) {
            return Observation.error(tool, label, e.getMessage());
        } catch (RuntimeException e) {
            return Observation.error(tool, label, tool + " failed on its arguments: " + e);
        }
    }

    /** The value of the last successful call (the answer of a finished sequence). */
    public Object lastValue() {
        return lastValue;
    }

    private static String stripDollars(String label) {
        return LabelStore.isReference(label) ? label.substring(1, label.length() - 1) : label;
    }
}
