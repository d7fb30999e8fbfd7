package dev.ibench.workers.react;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.llm.ProfileGateways;
import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.activities.react.GatewayAgentModel;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.react.ReactModelActivitiesImpl;
import dev.ibench.activities.react.ReactScoringActivitiesImpl;
import dev.ibench.activities.react.ReactToolActivitiesImpl;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.react.ReactSampleWorkflowImpl;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Registers the ReACT trajectory workflow and activities per role: {@link ReactSampleWorkflowImpl} on the
 * workflows queue, {@link ReactModelActivitiesImpl} on the LLM queue of each configured model, the tool steps
 * on the tools queue and the classification on the scoring queue. Shared resources (results store, tool
 * runtime, eval sets) are opened once per process, on first use.
 */
public final class ReactRegistration {
    private final ReactWorkerConfig config;
    private ResultsStore store;
    private ToolRuntime runtime;
    private final EvalSetCache evalSets = new EvalSetCache();
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
        ReactModelActivitiesImpl activities = new ReactModelActivitiesImpl(store(), evalSets, this::model);
        for (String model : config.models()) {
            model(model); // fail at start-up, not on the first step, when a profile is missing
            setup.worker(TaskQueues.llm(model)).registerActivitiesImplementations(activities);
            setup.describe("ReactModelActivities for " + model + " on " + TaskQueues.llm(model));
        }
    }

    public void tools(WorkerSetup setup) {
        setup.worker(TaskQueues.TOOLS).registerActivitiesImplementations(new ReactToolActivitiesImpl(store(), evalSets, runtime()));
        setup.describe("ReactToolActivities on " + TaskQueues.TOOLS + " (data root " + config.dataRoot() + ")");
    }

    public void scoring(WorkerSetup setup) {
        setup.worker(TaskQueues.SCORING).registerActivitiesImplementations(new ReactScoringActivitiesImpl(store(), evalSets, runtime()));
        setup.describe("ReactScoringActivities on " + TaskQueues.SCORING + " (results " + config.resultsDb() + ")");
    }

    private synchronized ResultsStore store() {
        if (store == null) {
            store = new ResultsStore(ResultsDatabase.open(config.resultsDb()));
        }
        return store;
    }

    private synchronized ToolRuntime runtime() {
        if (runtime == null) {
            runtime = new ToolRuntime(config.dataRoot());
        }
        return runtime;
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
