package dev.ibench.workers.campaign;

import dev.ibench.activities.artifact.ArtifactCache;
import dev.ibench.activities.artifact.ArtifactStore;
import dev.ibench.activities.artifact.EvalSetArtifacts;
import dev.ibench.activities.artifact.EvalSetPublisher;
import dev.ibench.activities.rest.RestWorkRecords;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.EvalSetExecutors;
import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.limits.StoreSendSlots;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.mcp.CampaignToolEnvironments;
import dev.ibench.activities.react.ReactToolEnvironments;
import dev.ibench.activities.spend.BudgetPauser;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.spend.StoreSpendLedger;
import dev.ibench.activities.sql.SqlBaselineDatabases;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.Installation;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.core.parse.ParserChain;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.rest.LocalRestToolServers;
import dev.ibench.workflows.InstallationQueues;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The process-wide objects campaign activities and commands share: the results store (one connection
 * pool per store, SQLite or PostgreSQL, chosen by {@link StoreSetting}), the artifact store ({@link ArtifactSetting})
 * with this machine's cache of it under {@code <home>/.ibench/artifacts}, the eval-set cache and the tool runtime.
 */
public final class CampaignServices {
    private static final Map<String, CampaignServices> BY_STORE = new ConcurrentHashMap<>();
    private static final Map<String, CampaignServices> READING_BY_STORE = new ConcurrentHashMap<>();

    private final ResultsDatabase database;
    private final ResultsStore store;
    private final ArtifactStore artifacts;
    private final ArtifactCache artifactCache;
    private final EvalSetArtifacts evalSetArtifacts;
    private final EvalSetCache evalSets;
    private final IbenchHome home;
    private ModelRunners modelRunners;
    private SqlBaselineDatabases sqlDatabases;
    private ToolRuntime runtime;
    private EvalSetExecutors executors;
    private ReactToolEnvironments reactTools;
    private CampaignToolEnvironments cellTools;
    private dev.ibench.activities.multiturn.MultiTurnSessions multiTurnSessions;
    private dev.ibench.activities.bfcl.BfclMultiTurnExecutor multiTurnExecutor;
    /** The ledger's meters: the worker adds its Prometheus registry ({@link #connectLedger}); commands leave it empty. */
    private final CompositeMeterRegistry ledgerMeters = new CompositeMeterRegistry();
    private final AtomicReference<BudgetPauser> budgetPauser = new AtomicReference<>(BudgetPauser.NONE);
    private SpendStore spend;
    private Installation installation;

    private CampaignServices(ResultsDatabase database, IbenchHome home) {
        this.database = database;
        this.store = new ResultsStore(database);
        this.home = home;
        this.artifacts = ArtifactSetting.resolve(database);
        Path cache = home.state().resolve("artifacts");
        this.artifactCache = new ArtifactCache(artifacts, cache.resolve("sha256"));
        this.evalSetArtifacts = new EvalSetArtifacts(artifactCache, cache.resolve("eval-sets"));
        this.evalSets = new EvalSetCache(evalSetArtifacts);
    }

    /**
     * The services of the store {@link StoreSetting} names, for commands and workers that write (opened, created when
     * missing and migrated on first use in this process).
     */
    public static CampaignServices of(IbenchHome home) {
        StoreLocation location = StoreSetting.resolve(home);
        return BY_STORE.computeIfAbsent(location.jdbcUrl(), url -> new CampaignServices(ResultsDatabase.open(location), home));
    }

    /**
     * The services of that store for a command that only reads it (report, status, export, compare, list): the store
     * must exist and hold the ibench schema; it is neither created nor migrated (docs/results-store.md).
     */
    public static CampaignServices reading(IbenchHome home) {
        StoreLocation location = StoreSetting.resolve(home);
        CampaignServices writable = BY_STORE.get(location.jdbcUrl());
        return writable != null ? writable : READING_BY_STORE.computeIfAbsent(location.jdbcUrl(),
                url -> new CampaignServices(ResultsDatabase.openForReading(location), home));
    }

    public ResultsStore store() {
        return store;
    }

    /** The installation this store belongs to (its id names the installation's own task queues). */
    public synchronized Installation installation() {
        if (installation == null) {
            installation = Installation.of(database);
        }
        return installation;
    }

    /** The Temporal task queues of this store's installation: where its campaigns and REST generations run. */
    public InstallationQueues queues() {
        return InstallationQueues.of(installation().id());
    }

    /** The database behind {@link #store()}, for the response cache and for commands that describe the store. */
    public ResultsDatabase database() {
        return database;
    }

    public EvalSetCache evalSets() {
        return evalSets;
    }

    /** Where artifacts live ({@link ArtifactSetting}). */
    public ArtifactStore artifacts() {
        return artifacts;
    }

    /** Eval sets by reference, unpacked (or only their eval-set file fetched) from {@link #artifactCache()}. */
    public EvalSetArtifacts evalSetArtifacts() {
        return evalSetArtifacts;
    }

    /** This machine's verified copies of artifacts, {@code <home>/.ibench/artifacts/sha256/<hex>}. */
    public ArtifactCache artifactCache() {
        return artifactCache;
    }

    /** REST generation work records: in the artifact store, named from the results store (docs/rest-benchmarks.md). */
    public RestWorkRecords restWorkRecords() {
        return new RestWorkRecords(database, artifacts, home.scratch());
    }

    /** Stores eval sets with their databases as artifacts, databases looked up under {@link #dataRoot()}. */
    public EvalSetPublisher evalSetPublisher() {
        return new EvalSetPublisher(artifacts, dataRoot(), home.scratch());
    }

    public IbenchHome home() {
        return home;
    }

    /**
     * The worker's model runners (response cache in the results store, built-in and ./profiles profiles), whose endpoint
     * send limits are reserved in the results store, shared with every worker of the store.
     */
    public synchronized ModelRunners modelRunners() {
        if (modelRunners == null) {
            modelRunners = new ModelRunners(store, evalSets, ProfileCatalog.load(home.root().resolve("profiles")),
                    new ResponseCache(database), System::getenv, sqlDatabases(),
                    new StoreSpendLedger(spend(), ledgerMeters, (campaignId, reason) -> budgetPauser.get().pause(campaignId, reason)),
                    new EndpointLimiters(new StoreSendSlots(database)));
        }
        return modelRunners;
    }

    /** The spend ledger's tables (docs/ledger.md). */
    public synchronized SpendStore spend() {
        if (spend == null) {
            spend = new SpendStore(database);
        }
        return spend;
    }

    /** A worker's ledger exports to the worker's /metrics and pauses campaigns through Temporal when a budget is reached. */
    public void connectLedger(MeterRegistry meters, BudgetPauser pauser) {
        if (!ledgerMeters.getRegistries().contains(meters)) {
            ledgerMeters.add(meters);
        }
        budgetPauser.set(pauser);
    }

    /** The databases sql-mode cells (the SQL baseline) read, read-only, over {@link #dataRoot()}. */
    public synchronized SqlBaselineDatabases sqlDatabases() {
        if (sqlDatabases == null) {
            sqlDatabases = new SqlBaselineDatabases(dataRoot());
        }
        return sqlDatabases;
    }

    /**
     * How a cell's stored outputs are scored: its model's parser chain, its eval set's executor, its ablation, and BFCL
     * names judged as bfcl-eval's handlers of its profile's mode judge them.
     */
    public SampleScorer scorerOf(CellRecord cell) {
        return new SampleScorer(parserOf(cell), executors().apply(cell.evalSet())).restoring(modelRunners().ablation(cell)::restore)
                .judgingBfclAs(bfclModeOf(cell));
    }

    /** BFCL's handler kind of a cell's model: function-calling for a {@code mode: tools} profile, else prompt. */
    public BfclMode bfclModeOf(CellRecord cell) {
        return modelRunners().profile(cell.campaignId(), cell.model()).bfclMode();
    }

    /** The output parser a cell's model uses, from its profile's {@code parser} list, family and reasoning settings. */
    public ParserChain parserOf(CellRecord cell) {
        var profile = modelRunners().profile(cell.campaignId(), cell.model());
        return ParserChains.forProfile(profile.parser(), profile.family(), profile.promptOpensThinking());
    }

    /** The tool runtime used for completion, over {@link #dataRoot()}. */
    public SequenceExecutor executor() {
        return toolRuntime();
    }

    /** The SLOT/SEL tool runtime over {@link #dataRoot()}, shared by scoring and ReACT tool steps. */
    public synchronized ToolRuntime toolRuntime() {
        if (runtime == null) {
            runtime = new ToolRuntime(dataRoot());
        }
        return runtime;
    }

    /** The completion executor of each eval set: a REST set's published endpoints, else {@link #executor()}. */
    public synchronized EvalSetExecutors executors() {
        if (executors == null) {
            executors = new EvalSetExecutors(executor(), dataRoot(), home.state(), evalSetArtifacts);
        }
        return executors;
    }

    /**
     * Where ReACT actions run, per eval set: in process on {@link #toolRuntime()} for SLOT/SEL, over HTTP against the
     * worker's own REST tool servers (loopback, started on first use) for REST eval sets.
     */
    public synchronized ReactToolEnvironments reactToolEnvironments() {
        if (reactTools == null) {
            reactTools = new ReactToolEnvironments(toolRuntime(), new LocalRestToolServers(dataRoot(), home.scratch()), evalSetArtifacts);
        }
        return reactTools;
    }

    /**
     * Where a cell's ReACT actions run: on the MCP server of its campaign when the campaign says {@code tools_via: mcp}
     * (docs/mcp.md), else as {@link #reactToolEnvironments()} says for its eval set.
     */
    public synchronized CampaignToolEnvironments reactCellToolEnvironments() {
        if (cellTools == null) {
            cellTools = new CampaignToolEnvironments(store(), reactToolEnvironments());
        }
        return cellTools;
    }

    /**
     * The executor of BFCL multi-turn calls on bfcl-eval's backends ({@code BfclEvalPackage.locate()}, {@code python3},
     * 2 GB per interpreter), made on first use so a worker that never runs a multi-turn cell needs no bfcl-eval.
     */
    public synchronized dev.ibench.activities.bfcl.BfclMultiTurnExecutor multiTurnExecutor() {
        if (multiTurnExecutor == null) {
            multiTurnExecutor = new dev.ibench.activities.bfcl.BfclMultiTurnExecutor(dev.ibench.core.bfcl.BfclEvalPackage.locate(), "python3", 2048,
                    home.state().resolve("bfcl-multi-turn"));
        }
        return multiTurnExecutor;
    }

    /** This process's open multi-turn interpreters, one per conversation (shared by its tools and scoring activities). */
    public synchronized dev.ibench.activities.multiturn.MultiTurnSessions multiTurnSessions() {
        if (multiTurnSessions == null) {
            multiTurnSessions = new dev.ibench.activities.multiturn.MultiTurnSessions(this::multiTurnExecutor);
        }
        return multiTurnSessions;
    }

    /** Where samples' database paths resolve: {@code $IBENCH_DATA_ROOT}, else {@code data/} under the project home. */
    public Path dataRoot() {
        String fromEnv = System.getenv("IBENCH_DATA_ROOT");
        return fromEnv != null && !fromEnv.isBlank() ? Path.of(fromEnv) : home.root().resolve("data");
    }
}
