package dev.ibench.workers.mcp;

import dev.ibench.core.react.ReactObservations;
import dev.ibench.core.runtime.GroupedTable;
import dev.ibench.core.runtime.Observation;
import dev.ibench.core.runtime.Table;
import dev.ibench.core.runtime.ToolSession;
import dev.ibench.core.sample.ToolCall;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SLOT/SEL tools of one sample on the in-process runtime. The text is the observation a ReACT cell stores
 * ({@link ReactObservations#full}), so an agent over MCP reads what an in-process agent reads; lists and values
 * also come as {@code structuredContent {label, value}}, tables as {@code {label}} (their summary is in the text).
 */
final class RuntimeSampleTools implements SampleTools {
    private final ToolSession session;

    RuntimeSampleTools(ToolSession session) {
        this.session = session;
    }

    @Override
    public ToolReply call(String tool, Map<String, Object> arguments, String label) {
        Observation o = session.call(new ToolCall(tool, arguments, label));
        if (!o.ok()) {
            return new ToolReply(false, o.text(), null);
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("label", o.label());
        if (!(o.value() instanceof Table) && !(o.value() instanceof GroupedTable)) {
            structured.put("value", o.value());
        }
        return new ToolReply(true, ReactObservations.full(o), structured);
    }
}
