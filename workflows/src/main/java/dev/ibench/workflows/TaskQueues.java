package dev.ibench.workflows;

/**
 * Task-queue names, one per worker role. A worker process polls the queues of the roles it is
 * started with, so roles can scale out on separate machines.
 */
public final class TaskQueues {
    /** Workflow code (campaigns, cells, the durability check) and its light bookkeeping activities. */
    public static final String WORKFLOWS = "ibench-workflows";
    /** Prefix of the per-endpoint LLM queues; see {@link #llm(String)}. */
    public static final String LLM = "ibench-llm";
    /** Tool execution (SLOT/SEL runtime, REST calls). */
    public static final String TOOLS = "ibench-tools";
    /** Metric computation and report building. */
    public static final String SCORING = "ibench-scoring";

    private TaskQueues() {}

    /**
     * The LLM queue of one endpoint, so each endpoint gets its own rate limit
     * ({@code setMaxTaskQueueActivitiesPerSecond}) and concurrency bound.
     */
    public static String llm(String endpointId) {
        if (endpointId == null || !endpointId.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(
                    "LLM endpoint id must be non-empty and use only letters, digits, '.', '_' or '-': " + endpointId);
        }
        return LLM + "-" + endpointId;
    }
}
