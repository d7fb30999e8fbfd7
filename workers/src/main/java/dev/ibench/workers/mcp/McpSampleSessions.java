package dev.ibench.workers.mcp;

import dev.ibench.core.sample.EvalSample;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sample each MCP session holds (by MCP session id), with the calls made since it started. The oldest sessions
 * are forgotten beyond {@link #MAX_SESSIONS} (HTTP clients may leave without closing).
 */
final class McpSampleSessions {
    static final int MAX_SESSIONS = 512;

    /** One session's sample and tools, and the labels its calls named; calls are serialized per session. */
    static final class Active {
        final EvalSample sample;
        final SampleTools tools;
        final ResultLabels labels;
        int calls;

        Active(EvalSample sample, SampleTools tools) {
            this.sample = sample;
            this.tools = tools;
            this.labels = new ResultLabels(sample);
        }
    }

    private final Map<String, Active> bySession = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Active> eldest) {
            return size() > MAX_SESSIONS;
        }
    };

    synchronized Active get(String sessionId) {
        return bySession.get(sessionId);
    }

    synchronized void put(String sessionId, Active active) {
        bySession.put(sessionId, active);
    }

    synchronized void remove(String sessionId) {
        bySession.remove(sessionId);
    }
}
