package dev.ibench.workers.cli;

import dev.ibench.activities.artifact.EvalSetPublisher;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.nio.file.Files;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.json.Json;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.workers.restgen.RestBuild;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "build", mixinStandardHelpOptions = true, description = "Build SLOT/SEL/REST eval sets from NL2SQL data (BIRD, Spider) and write coverage.json.")
final class BuildCommand implements Callable<Integer> {
    @Option(names = "--source", required = true, description = "bird or spider")
    String source;

    @Option(names = "--root", required = true, description = "dataset folder (BIRD: dev.json + dev_databases/; Spider: dev.json + tables.json + database/)")
    Path root;

    @Option(names = "--db", defaultValue = "all", description = "database ids, comma-separated, or 'all' (default)")
    String db;

    @Option(names = "--style", defaultValue = "slot,sel", description = "styles, comma-separated: slot, sel, rest")
    String style;

    @Option(names = "--mode", defaultValue = "paper", description = "paper (seed operations only) or extended")
    String mode;

    @Option(names = "--out", required = true, description = "output folder")
    Path out;

    @Option(names = "--data-root", description = "folder that samples' database_path is relative to (default: the parent of --root)")
    Path dataRoot;

    @Option(names = "--json", description = "print coverage.json to stdout")
    boolean json;

    /** Also set by the inherited --verbose ({@link IbenchCli}), which shows library logs too. */
    @Option(names = "-v", description = "log every question that was not verified, with its reason (so does --verbose)")
    boolean verbose;

    @Option(names = "--codegen-model", paramLabel = "PROFILE",
            description = "REST: model profile that proposes endpoints (code-gen); without it the deterministic generator alone builds them")
    String codegenModel;

    @Option(names = "--judge-model", paramLabel = "PROFILE",
            description = "REST: model profile of the LLM judge for responses that differ from the SQL result in format only (default: the code-gen model)")
    String judgeModel;

    @Option(names = "--max-attempts", defaultValue = "3", description = "REST: code-gen attempts per question, the first plus retries with the verdict (default: ${DEFAULT-VALUE})")
    int maxAttempts;

    @Option(names = "--deterministic-first", description = "REST: try the deterministic generator before the code-gen model (default: the model first, deterministic as fallback)")
    boolean deterministicFirst;

    @Option(names = "--near-duplicate-threshold", defaultValue = "0.95", paramLabel = "SIMILARITY|off",
            description = "REST: drop an endpoint whose name and summary embedding is this similar to a kept one with the same parameters (default: ${DEFAULT-VALUE})")
    String nearDuplicateThreshold;

    @Option(names = "--limit", paramLabel = "N", description = "REST: only the first N questions of each database (smoke runs)")
    Integer limit;

    @Option(names = "--questions-in-flight", defaultValue = "4", description = "REST: questions going through the steps at once per database (default: ${DEFAULT-VALUE})")
    int questionsInFlight;

    @Option(names = "--no-worker", description = "REST: do not run an in-process worker; workers started with `ibench worker` serve the workflows")
    boolean noWorker;

    @Option(names = "--no-publish", description = "do not store the eval sets written (with their databases and REST endpoints) as "
            + "artifacts in the store (--store / IBENCH_STORE, IBENCH_ARTIFACTS; docs/artifacts.md) nor write artifacts.json")
    boolean noPublish;

    @Option(names = "--timeout-minutes", defaultValue = "600", description = "REST: stop waiting after this long; the workflows keep running (default: ${DEFAULT-VALUE})")
    int timeoutMinutes;

    @Override
    public Integer call() throws Exception {
        List<ToolStyle> styles = new ArrayList<>();
        boolean rest = false;
        for (String s : style.split(",")) {
            if (s.isBlank()) continue;
            if (s.trim().equalsIgnoreCase("rest")) {
                rest = true; // built by the REST generation workflows below
                continue;
            }
            try {
                styles.add(ToolStyle.parse(s));
            } catch (IllegalArgumentException e) {
                System.err.println("ibench build: unknown style '" + s + "' (expected slot, sel)");
                return 2;
            }
        }
        BuildMode buildMode;
        try {
            buildMode = BuildMode.parse(mode);
        } catch (IllegalArgumentException e) {
            System.err.println("ibench build: unknown mode '" + mode + "' (expected paper or extended)");
            return 2;
        }
        if (!source.equalsIgnoreCase("bird") && !source.equalsIgnoreCase("spider")) {
            System.err.println("ibench build: unknown source '" + source + "' (expected bird or spider)");
            return 2;
        }
        List<String> dbs = db.equalsIgnoreCase("all") ? List.of() : Arrays.stream(db.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        Path parent = root.normalize().getParent();
        Path base = dataRoot != null ? dataRoot : parent != null ? parent : Path.of(".");
        BuildOptions options = new BuildOptions(source.toLowerCase(), root, dbs, styles, buildMode, out, base);
        if (!dbs.isEmpty()) {
            List<String> available;
            try {
                var dataset = DatasetLoader.forSource(options.source()).load(root, List.of(), base);
                available = java.util.stream.Stream.concat(dataset.databases().stream().map(DatabaseEntry::id),
                        dataset.questions().stream().map(q -> q.dbId())).distinct().toList();
            } catch (java.io.IOException e) {
                System.err.println("ibench build: cannot read dataset under " + root + ": " + e);
                return 1;
            }
            List<String> unknown = dbs.stream().filter(d -> !available.contains(d)).toList();
            if (!unknown.isEmpty()) {
                System.err.println("ibench build: the " + source + " dataset under " + root + " has no database " + unknown + " (it has " + available.size()
                        + ": " + String.join(", ", available.subList(0, Math.min(20, available.size()))) + (available.size() > 20 ? ", ..." : "") + ")");
                return 2;
            }
        }
        RestBuild restBuild = null;
        if (rest) {
            try {
                restBuild = new RestBuild(codegenModel, judgeModel, maxAttempts, deterministicFirst, RestBuild.threshold(nearDuplicateThreshold),
                        limit, questionsInFlight, !noWorker, timeoutMinutes);
            } catch (IllegalArgumentException e) {
                System.err.println("ibench build: " + e.getMessage());
                return 2;
            }
        }
        BenchmarkBuilder.Result result;
        try {
            result = new BenchmarkBuilder(msg -> System.err.println("build: " + msg), verbose || TerminalLogging.verbose()).build(options);
        } catch (java.io.IOException e) {
            System.err.println("ibench build: cannot read dataset under " + root + ": " + e);
            return 1;
        }
        Map<String, Object> cov = result.coverageJson();
        int files = result.files().size();
        if (restBuild != null) {
            RestBuild.Result r = restBuild.run(options, result.dbIds(), result.coverage(), System.err);
            cov = r.coverageJson();
            files += r.files();
            if (!r.failures().isEmpty()) {
                System.err.println("ibench build: REST generation failed for " + r.failures());
                if (json) System.out.println(Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(cov));
                return 1;
            }
        }
        Map<String, String> published = noPublish ? Map.of() : publish(result);
        if (json) {
            System.out.println(Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(cov));
        } else {
            published.forEach((file, ref) -> System.out.println("artifact " + ref + "  " + file));
            System.out.printf("%s %s: %s questions, %s in scope, %s verified (%.1f%%); wrote %d files to %s%n", source, mode,
                    cov.get("questions"), cov.get("in_scope"), cov.get("verified"), 100.0 * ((Number) cov.get("verified_rate")).doubleValue(),
                    files, out);
            System.out.println("by_reason: " + cov.get("by_reason"));
        }
        return 0;
    }

    /**
     * Stores each eval set this run wrote as an artifact (docs/artifacts.md) and writes {@code artifacts.json} (file name
     * to reference) next to them, so a campaign file on any machine can name an eval set by {@code eval_set: sha256:...}.
     */
    private Map<String, String> publish(BenchmarkBuilder.Result result) throws java.io.IOException {
        List<Path> evalSets = new ArrayList<>(result.files().stream().filter(f -> !f.getFileName().toString().equals("coverage.json")).toList());
        for (String dbId : result.dbIds()) {
            Path restSet = out.resolve(source.toLowerCase() + "-" + dbId + dev.ibench.core.rest.RestPublication.EVAL_SET_SUFFIX);
            if (Files.isRegularFile(restSet) && !evalSets.contains(restSet)) {
                evalSets.add(restSet);
            }
        }
        CampaignServices services = CampaignServices.of(IbenchHome.resolve());
        EvalSetPublisher publisher = new EvalSetPublisher(services.artifacts(), dataRoot != null ? dataRoot
                : root.normalize().getParent() != null ? root.normalize().getParent() : Path.of("."));
        Map<String, String> references = new java.util.TreeMap<>();
        for (Path evalSet : evalSets) {
            references.put(evalSet.getFileName().toString(), publisher.publish(evalSet).toString());
        }
        Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(out.resolve("artifacts.json").toFile(), references);
        return references;
    }
}
