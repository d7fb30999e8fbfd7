package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.react.ReactSettings;
import java.util.List;

/**
 * A campaign file (docs/campaigns.md): the models x benchmarks x modes x ablations to evaluate,
 * which samples, how many trials per sample, how much runs at once, the ReACT
 * budget and observation size for {@code react} cells, decoding settings that override the profiles, the
 * settings of the ablations a model writes ({@code ablation_settings}), and the share of endpoint-rejected items at
 * which a cell stops. {@code tools_via} says where {@code react} cells run their tool calls: {@code in-process}
 * (default) or {@code mcp} (the server given under {@code mcp}). {@code budget} limits the whole campaign's spending
 * (docs/ledger.md). {@code no_worker_check_seconds} is how long a cell's activity waits for a worker before the cell
 * names the task queue in its Temporal UI details (docs/campaigns.md, Failures). {@code min_settled_before_stop} is how many
 * items a cell settles before {@code max_rejected_share} can stop it; {@code sql_query_timeout_seconds} is the SQL
 * baseline's deadline per query.
 */
public record CampaignSpec(
        @JsonProperty("name") String name,
        @JsonProperty("models") List<ModelEntry> models,
        @JsonProperty("benchmarks") List<BenchmarkEntry> benchmarks,
        @JsonProperty("modes") List<String> modes,
        @JsonProperty("ablations") List<String> ablations,
        @JsonProperty("samples") SampleSelection samples,
        @JsonProperty("trials") Integer trials,
        @JsonProperty("cells_in_flight") Integer cellsInFlight,
        @JsonProperty("samples_in_flight") Integer samplesInFlight,
        @JsonProperty("react") ReactSettings react,
        @JsonProperty("decoding") DecodingOverrides decoding,
        @JsonProperty("max_rejected_share") Double maxRejectedShare,
        @JsonProperty("tools_via") String toolsVia,
        @JsonProperty("mcp") McpServerEntry mcp,
        @JsonProperty("ablation_settings") AblationSettings ablationSettings,
        @JsonProperty("budget") Budget budget,
        @JsonProperty("no_worker_check_seconds") Integer noWorkerCheckSeconds,
        @JsonProperty("min_settled_before_stop") Integer minSettledBeforeStop,
        @JsonProperty("sql_query_timeout_seconds") Integer sqlQueryTimeoutSeconds) {

    public static final String DEFAULT_ABLATION = "none";
    /** A cell stops once more than this share of its items were rejected by the endpoint (docs/campaigns.md, Failures). */
    public static final double DEFAULT_MAX_REJECTED_SHARE = 0.5;
    /** How long a cell's activity may wait for a worker before the cell checks the task queue's pollers. */
    public static final int DEFAULT_NO_WORKER_CHECK_SECONDS = 60;
    /** {@code max_rejected_share} applies once a cell has this many items settled (scored, rejected or infra_error). */
    public static final int DEFAULT_MIN_SETTLED_BEFORE_STOP = 20;
    /** The SQL baseline's deadline per query (seed 000 Table 1's sql cells); past it the sample fails as {@code timeout}. */
    public static final int DEFAULT_SQL_QUERY_TIMEOUT_SECONDS = 30;
    public static final String TOOLS_IN_PROCESS = "in-process";
    public static final String TOOLS_VIA_MCP = "mcp";
    /**
     * The key that once named an output folder and was never read: results live in the results store, files are
     * written by {@code campaign report|export --out}. A file that still sets it is refused with that said; stored
     * specs that carry it are read as before (the store's JSON reader ignores it).
     */
    public static final String REMOVED_OUTPUT_KEY = "output";

    public CampaignSpec {
        models = models == null ? List.of() : List.copyOf(models);
        benchmarks = benchmarks == null ? List.of() : List.copyOf(benchmarks);
        modes = modes == null || modes.isEmpty() ? List.of("direct") : List.copyOf(modes);
        ablations = ablations == null || ablations.isEmpty() ? List.of(DEFAULT_ABLATION) : List.copyOf(ablations);
        samples = samples == null ? SampleSelection.all() : samples;
        trials = trials == null ? 1 : trials;
        cellsInFlight = cellsInFlight == null ? 2 : cellsInFlight;
        samplesInFlight = samplesInFlight == null ? 8 : samplesInFlight;
        react = react == null ? ReactSettings.DEFAULT : react;
        decoding = decoding == null ? DecodingOverrides.NONE : decoding;
        maxRejectedShare = maxRejectedShare == null ? DEFAULT_MAX_REJECTED_SHARE : maxRejectedShare;
        toolsVia = toolsVia == null ? TOOLS_IN_PROCESS : toolsVia;
        ablationSettings = ablationSettings == null ? AblationSettings.NONE : ablationSettings;
        noWorkerCheckSeconds = noWorkerCheckSeconds == null ? DEFAULT_NO_WORKER_CHECK_SECONDS : noWorkerCheckSeconds;
        minSettledBeforeStop = minSettledBeforeStop == null ? DEFAULT_MIN_SETTLED_BEFORE_STOP : minSettledBeforeStop;
        sqlQueryTimeoutSeconds = sqlQueryTimeoutSeconds == null ? DEFAULT_SQL_QUERY_TIMEOUT_SECONDS : sqlQueryTimeoutSeconds;
    }
}
