package dev.ibench.workers.cli;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.workers.build.BenchmarkBuild;
import dev.ibench.workers.build.BuildInputException;
import dev.ibench.workers.build.BuildRequest;
import dev.ibench.workers.restgen.RestBuild;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "build", mixinStandardHelpOptions = true, description = "Build SLOT/SEL/REST eval sets from NL2SQL data (BIRD, Spider) and write coverage.json "
        + "(merged with the coverage.json and artifacts.json of earlier builds into the same --out folder).")
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
        BenchmarkBuild.Outcome outcome;
        try {
            BuildRequest request = BuildRequest.of(source, root, db, style, mode, out, dataRoot,
                    () -> new RestBuild(codegenModel, judgeModel, maxAttempts, deterministicFirst, RestBuild.threshold(nearDuplicateThreshold),
                            limit, questionsInFlight, !noWorker, timeoutMinutes), verbose || TerminalLogging.verbose(), !noPublish);
            outcome = new BenchmarkBuild(System.err).run(request);
        } catch (BuildInputException e) {
            System.err.println("ibench build: " + e.getMessage());
            return 2;
        } catch (java.io.IOException e) {
            System.err.println("ibench build: cannot read dataset under " + root + ": " + e);
            return 1;
        }
        Map<String, Object> cov = outcome.coverageJson();
        if (!outcome.restFailures().isEmpty()) {
            System.err.println("ibench build: REST generation failed for " + outcome.restFailures());
        }
        if (json) {
            System.out.println(Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(cov));
        } else if (outcome.restFailures().isEmpty()) {
            outcome.published().forEach((file, ref) -> System.out.println("artifact " + ref + "  " + file));
            System.out.printf("%s %s: %s questions, %s in scope, %s verified (%.1f%%); wrote %d files to %s%n", source, mode,
                    cov.get("questions"), cov.get("in_scope"), cov.get("verified"), 100.0 * ((Number) cov.get("verified_rate")).doubleValue(),
                    outcome.files(), out);
            System.out.println("by_reason: " + cov.get("by_reason"));
        }
        return outcome.restFailures().isEmpty() ? 0 : 1;
    }
}
