package dev.ibench.workers.mcp;

import java.util.Map;

/** One sample's tools in one MCP session: each call runs one tool and stores its value under {@code label}. */
interface SampleTools {
    ToolReply call(String tool, Map<String, Object> arguments, String label);
}
