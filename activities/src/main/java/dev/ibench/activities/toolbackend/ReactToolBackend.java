package dev.ibench.activities.toolbackend;

import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.sample.EvalSample;

/**
 * Where the tool calls of a ReACT trajectory run: in process ({@link InProcessToolBackend}) or on an MCP server
 * ({@code dev.ibench.activities.mcp.McpToolBackend}). {@link #open} runs the sample's hidden initialization step;
 * a sample whose tools cannot be opened is an infrastructure problem, never a model error.
 */
public interface ReactToolBackend {
    ReactToolSession open(EvalSample sample) throws SessionUnavailableException;
}
