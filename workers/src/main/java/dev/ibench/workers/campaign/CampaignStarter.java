package dev.ibench.workers.campaign;

import dev.ibench.core.json.TextFiles;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.campaign.SqlMode;
import dev.ibench.core.bfcl.BfclFormatSensitivityEvalSet;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.activities.bfcl.BfclWebSearchAccess;
import dev.ibench.core.campaign.BenchmarkEntry;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.core.campaign.CampaignSpecLoader;
import dev.ibench.core.campaign.CellPlan;
import dev.ibench.core.campaign.UsdBudgetPrices;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.score.EvalSetCheck;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.campaign.CampaignRequest;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.SearchAttributes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Starts a campaign: validates the file, resolves its eval-set paths against the file's directory, stores each eval
 * set with its databases as an artifact (docs/artifacts.md) so the stored spec and cells name it by hash, never by a
 * local path, stores the spec in the results store and starts the campaign workflow. Returns the campaign id.
 */
public final class CampaignStarter {
    private final CampaignServices services;
    private final WorkflowClient client;
    private final Map<String, String> environment;

    public CampaignStarter(CampaignServices services, WorkflowClient client) {
        this(services, client, System.getenv());
    }

    /** @param environment where the variables the checks ask about are read (the search key's of a web-search set) */
    public CampaignStarter(CampaignServices services, WorkflowClient client, Map<String, String> environment) {
        this.services = services;
        this.client = client;
        this.environment = environment;
    }

    /**
     * Reads and checks a campaign file (fields, modes, ablations, decoding, every eval set read in full, every model's
     * profile, family, parser and templates) without contacting any server or storing anything, so a bad file fails
     * before Temporal is needed.
     */
    public static CampaignSpec validate(Path file) {
        return plan(file).spec();
    }

    /** {@link #validate} and the number of items the campaign plans, with the profiles of this installation. */
    public static CampaignPlan plan(Path file) {
        return plan(file, ProfileCatalog.load(IbenchHome.resolve().root().resolve("profiles")));
    }

    /** {@link #plan(Path)} with the profile catalog read once by the caller: every check of the file uses it. */
    public static CampaignPlan plan(Path file, ProfileCatalog profiles) {
        return plan(file, profiles, System.getenv());
    }

    /** {@link #plan(Path, ProfileCatalog)} with the variables the checks ask about read from {@code environment}. */
    public static CampaignPlan plan(Path file, ProfileCatalog profiles, Map<String, String> environment) {
        CampaignSpec spec = resolvePaths(file, new CampaignSpecLoader().load(file));
        requirePricesForUsdBudgets(file, spec, profiles);
        // one summary per file: ten benchmarks over the same eval set read it once, and no sample is kept
        Map<Path, EvalSetSummary> summaries = new HashMap<>();
        Set<PromptStyle> sampleStyles = EnumSet.noneOf(PromptStyle.class);
        long items = 0;
        int byReference = 0;
        for (BenchmarkEntry b : spec.benchmarks()) {
            if (ArtifactHash.isReference(b.evalSet())) {
                byReference++;
                continue;
            }
            EvalSetSummary read;
            try {
                boolean memory = BfclMemoryEvalSet.isOne(Path.of(b.evalSet()));
                if (memory || BfclMultiTurnEvalSet.isOne(Path.of(b.evalSet()))) {
                    int entries;
                    if (memory) {
                        entries = EvalSetCheck.memory(Path.of(b.evalSet()), vectorModelGiven()).questions().size();
                        checkSearchKey(file, b, null, environment);
                    } else {
                        BfclMultiTurnEvalSet set = EvalSetCheck.multiTurn(Path.of(b.evalSet()));
                        entries = set.entries().size();
                        checkSearchKey(file, b, set.category(), environment);
                    }
                    requireReactForMultiTurn(file, b, spec);
                    int selected = spec.samples().limit() == null ? entries : Math.min(spec.samples().limit(), entries);
                    items += (long) selected * spec.trials() * spec.models().size() * spec.modes().size() * spec.ablations().size();
                    continue;
                }
                read = summaries.computeIfAbsent(Path.of(b.evalSet()), EvalSetSummary::of);
                checkSearchKey(file, b, null, environment);
            } catch (IllegalArgumentException e) {
                throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': " + e.getMessage());
            }
            if (spec.modes().contains(SqlMode.MODE)) {
                requireDatabases(file, b, read);
            }
            refuseUniverseOnBfcl(file, b, spec, read);
            if (read.formatSensitivity()) {
                FormatSensitivityCampaignCheck.check(file, b, spec, profiles);
            }
            sampleStyles.addAll(read.styles());
            int selected = spec.samples().limit() == null ? read.samples() : Math.min(spec.samples().limit(), read.samples());
            items += (long) selected * spec.trials() * spec.models().size() * spec.modes().size() * spec.ablations().size();
        }
        CampaignProfileCheck.check(file, spec, profiles, sampleStyles);
        return new CampaignPlan(spec, items, CellPlan.cells(spec.name(), spec).size(), byReference);
    }

    /** Whether memory_vector's embedding model folder is given (docs/bfcl.md#memory). */
    private static boolean vectorModelGiven() {
        String folder = System.getenv(EvalSetCheck.VECTOR_MODEL_ENV);
        return folder != null && !folder.isBlank();
    }

    /**
     * A BFCL web-search set asks SerpAPI with the key in the variable its benchmark's {@code api_key_env} names, else the
     * one the workers' {@code IBENCH_BFCL_SEARCH_API_KEY_ENV} names (default {@code SERPAPI_API_KEY}, docs/bfcl.md#web-search):
     * refused when this environment does not set it. {@code api_key_env} on any other set is refused: nothing would read it.
     * {@code category} is null for a set that is not a BFCL multi-turn one.
     */
    private static void checkSearchKey(Path file, BenchmarkEntry b, String category, Map<String, String> environment) {
        if (category == null || !BfclWebSearchImporter.isWebSearch(category)) {
            if (b.apiKeyEnv() != null) {
                throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': api_key_env names the search key of a BFCL "
                        + "web-search set (web_search_base, web_search_no_snippet), and this eval set is not one; remove it");
            }
            return;
        }
        BfclWebSearchAccess access = BfclWebSearchAccess.fromEnvironment(environment).withKeyEnv(b.apiKeyEnv());
        if (!access.hasKey()) {
            throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': the BFCL " + category + " set asks a search service, "
                    + "and the environment variable " + access.apiKeyEnv() + " that holds its SerpAPI key is not set (docs/bfcl.md#web-search)");
        }
    }

    private static void checkMemory(Path file, BenchmarkEntry b, Path set) {
        try {
            EvalSetCheck.memory(set, vectorModelGiven());
        } catch (IllegalArgumentException e) {
            throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': " + e.getMessage());
        }
    }

    /**
     * A BFCL multi-turn set runs its entries as conversations of model steps against the official backends, which is what
     * react cells are: other modes (one-shot direct, sql) have no meaning for it, and ablations do not apply to it.
     */
    private static void requireReactForMultiTurn(Path file, BenchmarkEntry b, CampaignSpec spec) {
        if (!spec.modes().equals(List.of("react"))) {
            throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': a BFCL multi-turn eval set runs its conversations "
                    + "in mode react only, but modes are " + spec.modes() + " (run it in a campaign with modes: [react])");
        }
        if (!spec.ablations().equals(List.of("none"))) {
            throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': ablations do not apply to BFCL multi-turn "
                    + "conversations, but ablations are " + spec.ablations());
        }
    }

    /** A USD budget on a model without prices would never trigger: refused, naming the model (docs/ledger.md). */
    private static void requirePricesForUsdBudgets(Path file, CampaignSpec spec, ProfileCatalog profiles) {
        boolean usd = (spec.budget() != null && spec.budget().usd() != null)
                || spec.models().stream().anyMatch(m -> m.budget() != null && m.budget().usd() != null);
        if (!usd) {
            return;
        }
        List<String> problems = UsdBudgetPrices.problems(spec, profiles::resolveIfKnown);
        if (!problems.isEmpty()) {
            throw new CampaignSpecException(file + ": " + String.join("; ", problems));
        }
    }

    /**
     * {@code universe:N} offers a share of the tools of a sample's database; an imported BFCL set has no database: each
     * entry brings its own functions, and one name has different specs in different entries, so every item would fail.
     */
    private static void refuseUniverseOnBfcl(Path file, BenchmarkEntry b, CampaignSpec spec, EvalSetSummary summary) {
        Optional<String> universe = universe(spec);
        if (universe.isPresent() && summary.styles().contains(PromptStyle.BFCL)) {
            throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': ablation " + universe.get() + " offers a share of a "
                    + "database's tool universe, and a BFCL eval set has none (each entry brings its own functions); remove "
                    + universe.get() + " or run this benchmark in a campaign without it");
        }
    }

    private static Optional<String> universe(CampaignSpec spec) {
        return spec.ablations().stream().filter(a -> a.startsWith("universe:")).findFirst();
    }

    private static void requireDatabases(Path file, BenchmarkEntry b, EvalSetSummary summary) {
        if (!summary.allWithDatabases()) {
            throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': mode sql runs queries on the samples' "
                    + "databases, and this eval set has samples without one (sql needs SLOT or SEL eval sets)");
        }
    }

    /**
     * The spec with every eval set named by its artifact reference: files are stored, references must be in the store.
     * A reference gets the checks {@link #plan} gives a file: a BFCL multi-turn set (told from its manifest and its
     * eval-set file, fetched alone: no databases) must run in mode react without ablations, a format_sensitivity set in mode
     * direct with prompt-mode models ({@link FormatSensitivityCampaignCheck}), and mode sql needs databases; all before any
     * workflow starts.
     */
    private CampaignSpec withArtifacts(Path file, CampaignSpec spec) {
        List<BenchmarkEntry> benchmarks = new ArrayList<>();
        for (BenchmarkEntry b : spec.benchmarks()) {
            if (!ArtifactHash.isReference(b.evalSet())) {
                try {
                    benchmarks.add(b.withEvalSet(services.evalSetPublisher().publish(Path.of(b.evalSet())).toString()));
                } catch (IllegalArgumentException e) {
                    throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': " + e.getMessage());
                }
                continue;
            }
            if (!services.artifacts().contains(ArtifactHash.parse(b.evalSet()))) {
                throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': eval set " + b.evalSet()
                        + " is not in " + services.artifacts().description());
            }
            Path setFile = evalSetFileByReference(file, b);
            if (BfclMultiTurnEvalSet.isOne(setFile) || BfclMemoryEvalSet.isOne(setFile)) {
                requireReactForMultiTurn(file, b, spec);
                if (BfclMemoryEvalSet.isOne(setFile)) {
                    checkMemory(file, b, setFile);
                    checkSearchKey(file, b, null, environment);
                } else {
                    checkSearchKey(file, b, BfclMultiTurnEvalSet.read(setFile).category(), environment);
                }
            } else if (b.apiKeyEnv() != null) {
                checkSearchKey(file, b, null, environment);
            } else if (BfclFormatSensitivityEvalSet.isOne(setFile)) {
                FormatSensitivityCampaignCheck.check(file, b, spec, ProfileCatalog.load(IbenchHome.resolve().root().resolve("profiles")));
            } else if (spec.modes().contains(SqlMode.MODE) || universe(spec).isPresent()) {
                EvalSetSummary read = EvalSetSummary.of(services.evalSets().localPath(b.evalSet()));
                if (spec.modes().contains(SqlMode.MODE)) {
                    requireDatabases(file, b, read);
                }
                refuseUniverseOnBfcl(file, b, spec, read);
            }
            benchmarks.add(b);
        }
        return withBenchmarks(spec, benchmarks);
    }

    /**
     * The eval-set file a reference names, to tell its kind (BFCL multi-turn, memory, format_sensitivity): from its manifest
     * and eval-set file alone (no databases fetched).
     */
    private Path evalSetFileByReference(Path file, BenchmarkEntry b) {
        try {
            return services.evalSetArtifacts().evalSetFileOnly(ArtifactHash.parse(b.evalSet()));
        } catch (IllegalArgumentException notAnEvalSet) {
            throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': eval set " + notAnEvalSet.getMessage());
        }
    }

    public String start(Path file, String requestedId) {
        return start(file, plan(file, ProfileCatalog.load(IbenchHome.resolve().root().resolve("profiles")), environment), requestedId);
    }

    /** Starts a campaign whose file {@link #plan} has already read and checked (every eval set is read once). */
    public String start(Path file, CampaignPlan plan, String requestedId) {
        CampaignSpec spec = withArtifacts(file, plan.spec());
        String campaignId = requestedId != null ? requestedId
                : spec.name() + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        if (!campaignId.matches("[A-Za-z0-9._-]+")) {
            throw new CampaignSpecException("campaign id '" + campaignId + "' may only use letters, digits, '.', '_' and '-'");
        }
        try {
            services.store().saveCampaign(campaignId, spec.name(), Json.MAPPER.writeValueAsString(spec));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise campaign " + campaignId, e);
        }
        CampaignWorkflow workflow = client.newWorkflowStub(CampaignWorkflow.class, workflowOptions(services.queues(), campaignId,
                "Campaign " + spec.name() + ": " + spec.models().size() + " model(s) x "
                        + spec.benchmarks().size() + " benchmark(s) x " + spec.modes() + ", " + spec.trials() + " trial(s)"));
        WorkflowClient.start(workflow::run, new CampaignRequest(campaignId, spec.cellsInFlight(), spec.samplesInFlight(), false));
        return campaignId;
    }

    /** The options of a campaign's workflow run (its first, or a retry of its infra errors): id, queue, summary, search attributes. */
    static WorkflowOptions workflowOptions(InstallationQueues queues, String campaignId, String summary) {
        return WorkflowOptions.newBuilder()
                .setWorkflowId(CampaignWorkflow.workflowId(campaignId))
                .setTaskQueue(queues.workflows())
                .setStaticSummary(summary)
                .setTypedSearchAttributes(SearchAttributes.newBuilder()
                        .set(IbenchSearchAttributes.CAMPAIGN_ID, campaignId)
                        .set(IbenchSearchAttributes.STATE, CellState.PLANNING.name())
                        .build())
                .build();
    }

    private static CampaignSpec resolvePaths(Path file, CampaignSpec spec) {
        Path base = file.toAbsolutePath().getParent();
        List<BenchmarkEntry> benchmarks = spec.benchmarks().stream().map(b -> {
            if (ArtifactHash.isReference(b.evalSet())) {
                try {
                    ArtifactHash.parse(b.evalSet());
                } catch (IllegalArgumentException e) {
                    throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': eval_set " + e.getMessage());
                }
                return b;
            }
            Path evalSet = base.resolve(b.evalSet()).normalize();
            if (!Files.isRegularFile(evalSet)) {
                throw new CampaignSpecException(file + ": benchmarks '" + b.name() + "': eval set " + evalSet
                        + (Files.exists(evalSet) ? ": " + TextFiles.whyNotAFile(evalSet) : " not found"));
            }
            return b.withEvalSet(evalSet.toString());
        }).toList();
        return withBenchmarks(spec, benchmarks);
    }

    private static CampaignSpec withBenchmarks(CampaignSpec spec, List<BenchmarkEntry> benchmarks) {
        return new CampaignSpec(spec.name(), spec.models(), benchmarks, spec.modes(), spec.ablations(), spec.samples(),
                spec.trials(), spec.cellsInFlight(), spec.samplesInFlight(), spec.react(), spec.decoding(),
                spec.maxRejectedShare(), spec.toolsVia(), spec.mcp(),
                spec.ablationSettings(), spec.budget(), spec.noWorkerCheckSeconds(), spec.minSettledBeforeStop(),
                spec.sqlQueryTimeoutSeconds());
    }
}
