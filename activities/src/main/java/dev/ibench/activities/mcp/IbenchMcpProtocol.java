package dev.ibench.activities.mcp;

/**
 * The conventions of ibench's MCP tool server on top of plain MCP, shared by the server ({@code ibench serve-tools
 * --mcp}) and the ReACT client backend ({@link McpToolBackend}); see docs/mcp.md.
 */
public final class IbenchMcpProtocol {
    private IbenchMcpProtocol() {}

    /** Session tool: {@code start_sample {sample_id}} opens that sample in this session (runs its hidden join). */
    public static final String START_SAMPLE = "start_sample";
    /** Session tool: {@code list_samples {}} lists the served samples' ids and questions. */
    public static final String LIST_SAMPLES = "list_samples";
    public static final String SAMPLE_ID = "sample_id";
    /**
     * Optional {@code _meta} entry of a {@code tools/call}: the label the call's result is stored under (as the
     * exchange format's {@code label}); without it the n-th call of a session stores {@code RESULT_n}.
     */
    public static final String LABEL_META = "ibench/label";
}
