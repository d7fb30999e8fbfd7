package dev.ibench.workflows;

import io.temporal.workflow.Workflow;

/**
 * The task queues of one installation: {@link TaskQueues}' names followed by {@code @<installation id>} (the id stored
 * with the results store), so two installations on one Temporal server never take each other's work and workers that
 * share a store share the queues. {@link #SHARED} are the names of before installations had ids (no suffix).
 *
 * <p>Workflow code finds its installation's queues from the queue it runs on ({@link #inWorkflow()}): a campaign
 * started on {@code ibench-workflows@abc} sends its cells, model calls and scoring to the {@code @abc} queues, and a
 * workflow started on the shared queues keeps using them, so histories recorded before keep replaying.
 */
public record InstallationQueues(String suffix) {
    /** The shared queues of before: what a workflow started before installations had ids runs on. */
    public static final InstallationQueues SHARED = new InstallationQueues("");
    /** The version marker under which workflow code derives its queues from its own ({@link #inWorkflow()}). */
    static final String VERSION_CHANGE = "installation-queues";

    public InstallationQueues {
        if (suffix == null || !(suffix.isEmpty() || suffix.matches("@[a-z0-9]+"))) {
            throw new IllegalArgumentException("installation queue suffix must be empty or '@' and an id: " + suffix);
        }
    }

    /** The queues of the installation {@code installationId} (lower-case letters and digits). */
    public static InstallationQueues of(String installationId) {
        return new InstallationQueues("@" + installationId);
    }

    /** The installation whose workflows queue is {@code workflowQueue}; {@link #SHARED} for any other queue. */
    public static InstallationQueues ofWorkflowQueue(String workflowQueue) {
        String prefix = TaskQueues.WORKFLOWS + "@";
        if (workflowQueue != null && workflowQueue.startsWith(prefix) && workflowQueue.substring(prefix.length()).matches("[a-z0-9]+")) {
            return new InstallationQueues(workflowQueue.substring(TaskQueues.WORKFLOWS.length()));
        }
        return SHARED;
    }

    /**
     * In workflow code: the queues of the installation the running workflow belongs to, read from the queue it runs on.
     * Guarded by {@code Workflow.getVersion}: a run recorded before the change keeps the shared queues.
     */
    public static InstallationQueues inWorkflow() {
        int version = Workflow.getVersion(VERSION_CHANGE, Workflow.DEFAULT_VERSION, 1);
        return version == Workflow.DEFAULT_VERSION ? SHARED : ofWorkflowQueue(Workflow.getInfo().getTaskQueue());
    }

    public String workflows() {
        return TaskQueues.WORKFLOWS + suffix;
    }

    public String tools() {
        return TaskQueues.TOOLS + suffix;
    }

    public String scoring() {
        return TaskQueues.SCORING + suffix;
    }

    /** The LLM queue of one endpoint or model ({@link TaskQueues#llm(String)}) in this installation. */
    public String llm(String endpointId) {
        return TaskQueues.llm(endpointId) + suffix;
    }

    /** Whether these are the shared queues of before. */
    public boolean shared() {
        return suffix.isEmpty();
    }

    /** The worker role ({@code ibench worker --roles}) that serves {@code taskQueue} of any installation. */
    public static String role(String taskQueue) {
        String name = taskQueue.contains("@") ? taskQueue.substring(0, taskQueue.indexOf('@')) : taskQueue;
        return name.equals(TaskQueues.WORKFLOWS) ? "workflows"
                : name.equals(TaskQueues.SCORING) ? "scoring"
                : name.equals(TaskQueues.TOOLS) ? "tools" : "llm --models-from CAMPAIGN.yaml";
    }
}
