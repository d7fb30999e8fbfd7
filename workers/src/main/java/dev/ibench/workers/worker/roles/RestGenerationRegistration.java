package dev.ibench.workers.worker.roles;

import dev.ibench.activities.spend.BudgetPauser;
import dev.ibench.activities.spend.StoreSpendLedger;
import dev.ibench.activities.llm.ProfileGateways;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.rest.RestDatabases;
import dev.ibench.activities.rest.RestGenerationActivitiesImpl;
import dev.ibench.activities.rest.RestJudgeActivitiesImpl;
import dev.ibench.activities.rest.RestModelActivitiesImpl;
import dev.ibench.activities.rest.RestWorkRecords;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.rest.RestGenerationWorkflowImpl;
import io.temporal.worker.WorkerOptions;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

/**
 * REST benchmark generation per role: the workflow on the workflows queue, plan/generate/execute/dedup/publish on
 * the tools queue, the deterministic judge on the scoring queue, and code-gen and LLM judge on the LLM queue of
 * each model profile the worker is told to serve ({@code worker --rest-models} or {@code $IBENCH_REST_MODELS},
 * comma-separated profile names). Model responses are cached in the results store, like campaign calls, and every
 * step's record is kept there too ({@link RestWorkRecords}), as are the job's dataset and its published files, so the
 * roles may run on machines that share no folder.
 */
public final class RestGenerationRegistration {
    public static final String MODELS_ENV = "IBENCH_REST_MODELS";

    private final List<String> models;
    private RestDatabases databases;

    public RestGenerationRegistration(List<String> models) {
        this.models = List.copyOf(new LinkedHashSet<>(models));
    }

    /** Profile names from {@code $IBENCH_REST_MODELS} plus the given ones. */
    public static List<String> models(Function<String, String> environment, List<String> more) {
        LinkedHashSet<String> all = new LinkedHashSet<>(more);
        String env = environment.apply(MODELS_ENV);
        if (env != null) Arrays.stream(env.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(all::add);
        return List.copyOf(all);
    }

    public void workflows(WorkerSetup setup) {
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.workflows()).registerWorkflowImplementationTypes(RestGenerationWorkflowImpl.class);
            setup.describe("RestGenerationWorkflow on " + queues.workflows());
        }
    }

    public void tools(WorkerSetup setup) {
        RestGenerationActivitiesImpl activities = new RestGenerationActivitiesImpl(databases(setup), records(setup), setup.home().scratch());
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.tools()).registerActivitiesImplementations(activities);
            setup.describe("RestGenerationActivities on " + queues.tools());
        }
    }

    public void scoring(WorkerSetup setup) {
        RestJudgeActivitiesImpl judge = new RestJudgeActivitiesImpl(records(setup));
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.scoring()).registerActivitiesImplementations(judge);
            setup.describe("RestJudgeActivities on " + queues.scoring());
        }
    }

    public void llm(WorkerSetup setup) {
        if (models.isEmpty()) {
            setup.describe("RestModelActivities: no models (worker --rest-models or $" + MODELS_ENV + ")");
            return;
        }
        ProfileCatalog catalog = ProfileCatalog.load(setup.home().root().resolve("profiles"));
        for (String model : models) catalog.resolve(model); // fail at start-up, not on the first step, when a profile is missing
        CampaignServices services = CampaignServices.of(setup.home());
        ProfileGateways gateways = new ProfileGateways(catalog, new ResponseCache(services.database()), System::getenv,
                new StoreSpendLedger(services.spend(), setup.meters(), BudgetPauser.NONE));
        RestModelActivitiesImpl activities = new RestModelActivitiesImpl(databases(setup), gateways, records(setup));
        for (String model : models) {
            // an in-process model answers one call at a time: the others wait in Temporal's queue, not in a timed-out activity
            WorkerOptions options = WorkerOptions.newBuilder().setMaxConcurrentActivityExecutionSize(catalog.resolve(model).maxConcurrency()).build();
            for (InstallationQueues queues : setup.servedQueues()) {
                setup.worker(queues.llm(model), options).registerActivitiesImplementations(activities);
                setup.describe("RestModelActivities (code-gen, LLM judge) for " + model + " on " + queues.llm(model));
            }
        }
    }

    /** The job's step records, in the results store every worker of the run reaches (no shared output folder). */
    private static RestWorkRecords records(WorkerSetup setup) {
        return CampaignServices.of(setup.home()).restWorkRecords();
    }

    /** The jobs' data: from the artifact store through this machine's cache (or, for jobs recorded before, by path). */
    private synchronized RestDatabases databases(WorkerSetup setup) {
        if (databases == null) databases = new RestDatabases(CampaignServices.of(setup.home()).artifactCache());
        return databases;
    }
}
