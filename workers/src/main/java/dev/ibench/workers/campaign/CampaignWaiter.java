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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Waits for a campaign's end with one long poll for its result. Meanwhile it reads the live status, hands it to a
 * progress callback and gives up (after saying why) once a task queue the campaign needs has had no worker polling it
 * for too long, or at a deadline: every 5 s while progress is drawn, less often while nobody reads it.
 */
public final class CampaignWaiter {
    private static final long POLL_SECONDS = 5;
    /** The longest gap between status reads while nobody draws progress. */
    private static final long UNWATCHED_STATUS_SECONDS = 30;
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
     * As {@link #awaitEnd(String, Duration, Instant, Consumer, PrintStream)} with no deadline and no progress drawn
     * ({@code campaign start --wait}): the status (a query, a workflow and a few task queue descriptions, each crossing
     * several of the server's services) is read only as often as {@link #unwatchedStatusPolls} says. A give-up comes at
     * most two reads later than with a read every 5 s (with the default 600 s timeout: at most 50 s later).
     */
    public Optional<CampaignStatus> awaitEnd(String campaignId, Duration giveUpAfter, PrintStream notes) throws TimeoutException {
        return awaitEnd(campaignId, giveUpAfter, null, unwatchedStatusPolls(giveUpAfter), live -> { }, notes);
    }

    /**
     * The campaign's final status, or empty (after printing why on {@code notes}) once a task queue it needs has had no
     * worker polling it for {@code giveUpAfter}: the time this command has seen it unserved, or how long work has waited
     * on it. {@code progress} gets the live status every 5 s while the campaign runs; {@code deadline} (null: none) ends
     * the wait with a {@link TimeoutException} that says the campaign keeps running.
     */
    public Optional<CampaignStatus> awaitEnd(String campaignId, Duration giveUpAfter, Instant deadline,
                                             Consumer<CampaignStatus> progress, PrintStream notes) throws TimeoutException {
        return awaitEnd(campaignId, giveUpAfter, deadline, 1, progress, notes);
    }

    /**
     * Every how many 5 s polls a wait nobody watches reads the status: a tenth of the no-worker timeout, at least every
     * poll, at most every {@value #UNWATCHED_STATUS_SECONDS} s (the default 600 s timeout: every 30 s).
     */
    static int unwatchedStatusPolls(Duration giveUpAfter) {
        long polls = giveUpAfter.toSeconds() / 10 / POLL_SECONDS;
        return (int) Math.max(1, Math.min(UNWATCHED_STATUS_SECONDS / POLL_SECONDS, polls));
    }

    private Optional<CampaignStatus> awaitEnd(String campaignId, Duration giveUpAfter, Instant deadline, int statusEveryPolls,
                                              Consumer<CampaignStatus> progress, PrintStream notes) throws TimeoutException {
        WorkflowStub stub = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId(campaignId));
        CampaignStatusReader reader = new CampaignStatusReader(client);
        Instant firstSeenUnserved = null;
        long polls = 0;
        // One long poll for the end for the whole wait, not one per poll: a result wait with a timeout ends in a burst of
        // empty history answers as its deadline nears (hundreds of requests a second from this process, each served by
        // the Temporal server), so a 5 s getResult loop spent about a fifth of the wait busy (bench/results/orchestration-cpu.md).
        CompletableFuture<CampaignStatus> end = null;
        try {
            while (true) {
                long pollStarted = System.nanoTime();
                try {
                    if (end == null) {
                        end = stub.getResultAsync(CampaignStatus.class);
                    }
                    try {
                        return Optional.of(end.get(POLL_SECONDS, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted while waiting for campaign " + campaignId + "'s end", e);
                    } catch (ExecutionException failed) {
                        end = null;
                        RuntimeException cause = unwrap(failed);
                        if (!(cause instanceof WorkflowServiceException e && busyServer(e))) {
                            throw cause;
                        }
                        sleepRestOfPoll(pollStarted);
                        throw new TimeoutException("the server is busy; asked again at the next poll");
                    }
                } catch (TimeoutException stillRunning) {
                    Instant now = Instant.now();
                    if (deadline != null && now.isAfter(deadline)) {
                        throw new TimeoutException("campaign " + campaignId + " did not finish in time; it keeps running: "
                                + "./ibench campaign status " + campaignId + temporalFlags);
                    }
                    if (++polls % statusEveryPolls != 0) {
                        continue;
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
        } finally {
            if (end != null) {
                end.cancel(true);
            }
        }
    }

    private static RuntimeException unwrap(ExecutionException failed) {
        Throwable cause = failed.getCause();
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof RuntimeException re ? re : new IllegalStateException("waiting for the campaign's end failed", cause);
    }

    /** After a busy server's answer, the next ask waits for the next poll instead of asking again at once. */
    private static void sleepRestOfPoll(long pollStartedNanos) {
        long rest = TimeUnit.SECONDS.toNanos(POLL_SECONDS) - (System.nanoTime() - pollStartedNanos);
        if (rest > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(rest);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the campaign's end", e);
            }
        }
    }
}
