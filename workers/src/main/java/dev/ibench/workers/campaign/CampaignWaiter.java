package dev.ibench.workers.campaign;

import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowServiceException;
import io.temporal.client.WorkflowStub;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Waits for a campaign's end, polling every few seconds: hands each live status to a progress callback, and gives up
 * (after saying why) once a task queue the campaign needs has had no worker polling it for too long, or at a deadline.
 */
public final class CampaignWaiter {
    private static final long POLL_SECONDS = 5;
    private final WorkflowClient client;
    private final String temporalFlags;

    /** @param temporalFlags the --address/--namespace flags printed follow-up commands repeat (empty for the defaults) */
    public CampaignWaiter(WorkflowClient client, String temporalFlags) {
        this.client = client;
        this.temporalFlags = temporalFlags;
    }

    /** A loaded server that asked to be polled later ("Workflow is busy", unavailable), not a campaign that failed. */
    private static boolean busyServer(WorkflowServiceException e) {
        return e.getCause() instanceof StatusRuntimeException s && (s.getStatus().getCode() == Status.Code.RESOURCE_EXHAUSTED
                || s.getStatus().getCode() == Status.Code.UNAVAILABLE || s.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED);
    }

    /**
     * The campaign's final status, or empty (after printing why on {@code notes}) once a task queue it needs has had no
     * worker polling it for {@code giveUpAfter}: the time this command has seen it unserved, or how long work has waited
     * on it. {@code progress} gets each live status while the campaign runs; {@code deadline} (null: none) ends the wait
     * with a {@link TimeoutException} that says the campaign keeps running.
     */
    public Optional<CampaignStatus> awaitEnd(String campaignId, Duration giveUpAfter, Instant deadline,
                                             Consumer<CampaignStatus> progress, PrintStream notes) throws TimeoutException {
        WorkflowStub stub = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId(campaignId));
        CampaignStatusReader reader = new CampaignStatusReader(client);
        Instant firstSeenUnserved = null;
        while (true) {
            try {
                try {
                    return Optional.of(stub.getResult(POLL_SECONDS, TimeUnit.SECONDS, CampaignStatus.class));
                } catch (WorkflowServiceException e) {
                    if (!busyServer(e)) {
                        throw e;
                    }
                    throw new TimeoutException("the server is busy; asked again at the next poll");
                }
            } catch (TimeoutException stillRunning) {
                Instant now = Instant.now();
                if (deadline != null && now.isAfter(deadline)) {
                    throw new TimeoutException("campaign " + campaignId + " did not finish in time; it keeps running: "
                            + "./ibench campaign status " + campaignId + temporalFlags);
                }
                CampaignStatus status;
                try {
                    status = reader.live(campaignId);
                    progress.accept(status);
                } catch (RuntimeException noWorkflowWorker) {
                    status = null;
                }
                List<UnservedQueues.Unserved> unserved;
                try {
                    unserved = UnservedQueues.find(client, campaignId, status, now);
                } catch (UnservedQueues.CheckFailed serverAway) {
                    continue; // like a busy server: asked again at the next poll, the time seen unserved kept
                }
                if (unserved.isEmpty()) {
                    firstSeenUnserved = null;
                    continue;
                }
                if (firstSeenUnserved == null) {
                    firstSeenUnserved = now;
                }
                Duration unservedFor = Duration.between(firstSeenUnserved, now);
                for (UnservedQueues.Unserved u : unserved) {
                    if (u.waiting().isPresent() && u.waiting().get().compareTo(unservedFor) > 0) {
                        unservedFor = u.waiting().get();
                    }
                }
                if (unservedFor.compareTo(giveUpAfter) >= 0) {
                    notes.println("gave up waiting for campaign " + campaignId + " after " + unservedFor.toSeconds()
                            + " s without a worker (--no-worker-timeout " + giveUpAfter.toSeconds() + "); it keeps running:");
                    unserved.forEach(u -> notes.println("  " + u.message(temporalFlags)));
                    return Optional.empty();
                }
            }
        }
    }
}
