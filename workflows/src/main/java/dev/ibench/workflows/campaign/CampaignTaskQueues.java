package dev.ibench.workflows.campaign;

/** Task queues the campaign workflows schedule on (one per worker role; LLM queues are per model endpoint). */
public final class CampaignTaskQueues {
    public static final String WORKFLOWS = "ibench-workflows";
    public static final String SCORING = "ibench-scoring";
    public static final String LLM_PREFIX = "ibench-llm-";

    private CampaignTaskQueues() {}

    public static String llm(String modelName) {
        return LLM_PREFIX + modelName;
    }
}
