package dev.ibench.workers.react;

import dev.ibench.activities.llm.ProfileGateways;
import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.activities.react.GatewayAgentModel;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.react.ReactModelActivitiesImpl;
import dev.ibench.activities.react.ReactScoringActivitiesImpl;
import dev.ibench.activities.react.ReactToolActivitiesImpl;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.react.ReactSampleWorkflowImpl;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Registers the ReACT trajectory workflow and activities per role: {@link ReactSampleWorkflowImpl} on the
 * workflows queue, {@link ReactModelActivitiesImpl} on the LLM queue of each configured model, the tool steps
 * on the tools queue and the classification on the scoring queue. The results store, eval sets and tool runtime
 * are the process's {@link CampaignServices}, shared with the direct-mode campaign activities.
 */
public final class ReactRegistration {
    private final ReactWorkerConfig config;
    private final Map<String, ReactAgentModel> models = new ConcurrentHashMap<>();
    private ProfileGateways gateways;

    public ReactRegistration(ReactWorkerConfig config) {
        this.config = config;
    }

    public void workflows(WorkerSetup setup) {
        setup.worker(TaskQueues.WORKFLOWS).registerWorkflowImplementationTypes(ReactSampleWorkflowImpl.class);
        setup.describe("ReactSampleWorkflow on " + TaskQueues.WORKFLOWS);
    }

    public void llm(WorkerSetup setup) {
        if (config.models().isEmpty()) {
            setup.describe("ReactModelActivities: no models (set IBENCH_REACT_MODELS)");
            return;
        }
        CampaignServices services = CampaignServices.of(setup.home());
        ReactModelActivitiesImpl activities = new ReactModelActivitiesImpl(services.store(), services.evalSets(), this::model);
        for (String model : config.models()) {
            model(model); // fail at start-up, not on the first step, when a profile is missing
            setup.worker(TaskQueues.llm(model)).registerActivitiesImplementations(activities);
            setup.describe("ReactModelActivities for " + model + " on " + TaskQueues.llm(model));
        }
    }

    public void tools(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        setup.worker(TaskQueues.TOOLS).registerActivitiesImplementations(
                new ReactToolActivitiesImpl(services.store(), services.evalSets(), services.toolRuntime()));
        setup.describe("ReactToolActivities on " + TaskQueues.TOOLS + " (data root " + services.dataRoot() + ")");
    }

    public void scoring(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        setup.worker(TaskQueues.SCORING).registerActivitiesImplementations(
                new ReactScoringActivitiesImpl(services.store(), services.evalSets(), services.toolRuntime()));
        setup.describe("ReactScoringActivities on " + TaskQueues.SCORING + " (results " + CampaignServices.resultsFile(setup.home()) + ")");
    }

    private synchronized ReactAgentModel model(String name) {
        return models.computeIfAbsent(name, n -> {
            if (OracleAgentModel.NAME.equals(n)) {
                return new OracleAgentModel();
            }
            if (gateways == null) {
                gateways = new ProfileGateways(ProfileCatalog.load(config.profileDir()),
                        config.llmCache() == null ? null : new ResponseCache(config.llmCache()), System::getenv);
            }
            ProfileGateways.ProfileModel model = gateways.apply(n);
            return new GatewayAgentModel(model.profile(), model.gateway());
        });
    }
}
