package dev.ibench.workers.restgen;

import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestPublished;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.server.EmbeddedDefault;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import dev.ibench.workers.worker.RunningWorker;
import dev.ibench.workers.worker.WorkerRole;
import dev.ibench.workers.worker.WorkerRoles;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.rest.RestGenerationInput;
import dev.ibench.workflows.rest.RestGenerationProgress;
import dev.ibench.workflows.rest.RestGenerationWorkflow;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.SearchAttributes;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the REST generation of {@code ibench build --style rest}: one {@link RestGenerationWorkflow} per database
 * on the embedded default (or the server on {@code $TEMPORAL_ADDRESS}), served by an in-process worker with every
 * role unless external workers are asked for, and waits for all of them with progress lines. A workflow already
 * running for the same job is attached to, not started twice.
 */
public final class RestGenerationRunner {
    /** How the databases' workflows ran: what each published, and the failures of those that did not finish. */
    public record Outcome(List<RestPublished> published, Map<String, String> failures, List<String> workflowIds) {}

    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);

    private final IbenchHome home;
    private final PrintStream log;

    public RestGenerationRunner(IbenchHome home, PrintStream log) {
        this.home = home;
        this.log = log;
    }

    public Outcome run(List<RestJob> jobs, int questionsInFlight, boolean inProcessWorker, int timeoutMinutes) throws TimeoutException {
        EmbeddedDefault server = EmbeddedDefault.connectOrStart(home, log);
        try (TemporalConnection connection = TemporalConnection.open(server.address(), server.namespace());
             RunningWorker worker = inProcessWorker ? RunningWorker.start(connection.client(), EnumSet.allOf(WorkerRole.class),
                     WorkerRoles.standard(List.of(), models(jobs)), new SimpleMeterRegistry(), home) : null) {
            if (worker == null) log.println("No in-process worker: waiting for workers started with `./ibench worker"
                    + TemporalSettings.hintFlags(server.address(), server.namespace()) + " --rest-models PROFILE`");
            WorkflowClient client = connection.client();
            List<String> ids = new ArrayList<>();
            for (RestJob job : jobs) {
                ids.add(start(client, job, questionsInFlight, server));
            }
            return await(client, ids, timeoutMinutes);
        } finally {
            if (server.started() != null) {
                server.started().close();
                log.println("Stopped the Temporal server this build started; `./ibench server` shows the runs' history in the Web UI.");
            }
        }
    }

    private static List<String> models(List<RestJob> jobs) {
        List<String> models = new ArrayList<>();
        for (RestJob j : jobs) {
            if (j.codegenProfile() != null && !models.contains(j.codegenProfile())) models.add(j.codegenProfile());
            if (j.judgeProfile() != null && !models.contains(j.judgeProfile())) models.add(j.judgeProfile());
        }
        return models;
    }

    private String start(WorkflowClient client, RestJob job, int questionsInFlight, EmbeddedDefault server) {
        String id = RestGenerationWorkflow.workflowId(job);
        String generator = job.codegenProfile() == null ? "deterministic generator" : "code-gen " + job.codegenProfile()
                + (job.deterministicFirst() ? " after the deterministic generator" : " with deterministic fallback");
        RestGenerationWorkflow workflow = client.newWorkflowStub(RestGenerationWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(id)
                .setTaskQueue(CampaignServices.of(home).queues().workflows())
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE)
                .setStaticSummary("REST generation of " + job.source() + "/" + job.dbId() + " · " + generator)
                .setTypedSearchAttributes(SearchAttributes.newBuilder()
                        .set(IbenchSearchAttributes.BENCHMARK, "rest:" + job.source() + "/" + job.dbId())
                        .set(IbenchSearchAttributes.MODEL, job.codegenProfile() == null ? "deterministic" : job.codegenProfile())
                        .build())
                .build());
        try {
            WorkflowClient.start(workflow::run, RestGenerationInput.start(job, questionsInFlight));
            log.println("Started " + id + server.workflowUrl(id).map(u -> " · " + u).orElse(""));
        } catch (WorkflowExecutionAlreadyStarted running) {
            log.println("Attached to the running " + id);
        }
        return id;
    }

    private Outcome await(WorkflowClient client, List<String> ids, int timeoutMinutes) throws TimeoutException {
        Map<String, CompletableFuture<RestPublished>> results = new LinkedHashMap<>();
        for (String id : ids) results.put(id, result(client, id));
        Map<String, RestPublished> done = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        Map<String, String> lastLine = new LinkedHashMap<>();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(timeoutMinutes);
        while (done.size() + failures.size() < ids.size()) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("REST generation did not finish within " + timeoutMinutes + " minutes; the workflows keep running: "
                        + ids + " (run the same build again to attach to them)");
            }
            sleep(PROGRESS_EVERY);
            for (String id : ids) {
                if (done.containsKey(id) || failures.containsKey(id)) continue;
                CompletableFuture<RestPublished> result = results.get(id);
                if (!result.isDone()) {
                    progress(client, id, lastLine);
                    continue;
                }
                try {
                    done.put(id, result.join());
                } catch (CompletionException e) {
                    if (e.getCause() instanceof WorkflowFailedException failed) {
                        failures.put(id, Failures.rootMessage(failed));
                        log.println(id + " failed: " + failures.get(id));
                    } else {
                        results.put(id, result(client, id)); // the server was busy or unreachable for a moment: ask again
                    }
                }
            }
        }
        return new Outcome(ids.stream().filter(done::containsKey).map(done::get).toList(), failures, ids);
    }

    private static CompletableFuture<RestPublished> result(WorkflowClient client, String id) {
        return client.newUntypedWorkflowStub(id).getResultAsync(RestPublished.class);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the REST generation workflows", e);
        }
    }

    private void progress(WorkflowClient client, String id, Map<String, String> lastLine) {
        try {
            RestGenerationProgress p = client.newWorkflowStub(RestGenerationWorkflow.class, id).progress();
            String line = p.dbId() + ": " + p.state() + " " + p.done() + "/" + p.candidates() + " questions, verified by " + p.verifiedBy()
                    + (p.discardedBy().isEmpty() ? "" : ", discarded " + p.discardedBy());
            if (!line.equals(lastLine.get(id))) {
                log.println("rest " + line);
                lastLine.put(id, line);
            }
        } catch (RuntimeException notYetQueryable) {
            // the first workflow task has not run yet; the next poll asks again
        }
    }

}
