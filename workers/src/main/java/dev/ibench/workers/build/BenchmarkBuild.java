package dev.ibench.workers.build;

import dev.ibench.activities.artifact.EvalSetPublisher;
import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.restgen.RestBuild;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Runs {@code ibench build}: checks the databases asked for and the output folder, builds the SLOT/SEL eval sets,
 * runs the REST generation when asked, merges {@code coverage.json} with what earlier builds left in the folder, and
 * stores each eval set written as an artifact named in {@code artifacts.json} (docs/builder.md, docs/artifacts.md).
 */
public final class BenchmarkBuild {
    /**
     * What a build did: its coverage JSON (merged with the folder's earlier builds), the number of files written, the
     * artifacts published (file name to reference; empty with --no-publish) and the databases whose REST generation failed.
     */
    public record Outcome(Map<String, Object> coverageJson, int files, Map<String, String> published, Map<String, String> restFailures) {}

    private final PrintStream log;

    /** @param log where progress lines go (standard error, so {@code --json} output stays clean) */
    public BenchmarkBuild(PrintStream log) {
        this.log = log;
    }

    /**
     * @throws BuildInputException for an unknown database or an unusable --out folder, before anything is written
     * @throws IOException         when the dataset cannot be read
     */
    public Outcome run(BuildRequest request) throws IOException, TimeoutException {
        BuildOptions options = request.options();
        requireDatabases(options);
        try (BuildOutputFolder folder = BuildOutputFolder.open(options.out(), options.source(), request.modeName())) {
            BenchmarkBuilder.Result result = new BenchmarkBuilder(msg -> log.println("build: " + msg), request.verbose()).build(options);
            Map<String, Object> coverage = result.coverageJson();
            int files = result.files().size();
            Map<String, String> failures = Map.of();
            if (request.rest() != null) {
                RestBuild.Result r = request.rest().run(options, result.dbIds(), result.coverage(), log);
                coverage = r.coverageJson();
                files += r.files();
                failures = r.failures();
            }
            coverage = folder.writeCoverage(coverage, result.coverage(), options.source(), request.modeName());
            if (!failures.isEmpty() || !request.publish()) {
                return new Outcome(coverage, files, Map.of(), failures);
            }
            Map<String, String> published = publish(options, result);
            folder.writeArtifacts(published);
            return new Outcome(coverage, files, published, failures);
        }
    }

    private static void requireDatabases(BuildOptions options) throws IOException {
        if (options.dbIds().isEmpty()) {
            return;
        }
        var dataset = DatasetLoader.forSource(options.source()).load(options.root(), List.of(), options.dataRoot());
        List<String> available = Stream.concat(dataset.databases().stream().map(DatabaseEntry::id),
                dataset.questions().stream().map(q -> q.dbId())).distinct().toList();
        List<String> unknown = options.dbIds().stream().filter(d -> !available.contains(d)).toList();
        if (!unknown.isEmpty()) {
            throw new BuildInputException("the " + options.source() + " dataset under " + options.root() + " has no database " + unknown
                    + " (it has " + available.size() + ": " + String.join(", ", available.subList(0, Math.min(20, available.size())))
                    + (available.size() > 20 ? ", ..." : "") + ")");
        }
    }

    /** Stores each eval set this run wrote as an artifact, so a campaign file on any machine can name it by {@code sha256:...}. */
    private static Map<String, String> publish(BuildOptions options, BenchmarkBuilder.Result result) {
        List<Path> evalSets = new ArrayList<>(result.files().stream()
                .filter(f -> !f.getFileName().toString().equals(BuildOutputFolder.COVERAGE)).toList());
        for (String dbId : result.dbIds()) {
            Path restSet = options.out().resolve(options.source() + "-" + dbId + RestPublication.EVAL_SET_SUFFIX);
            if (Files.isRegularFile(restSet) && !evalSets.contains(restSet)) {
                evalSets.add(restSet);
            }
        }
        EvalSetPublisher publisher = new EvalSetPublisher(CampaignServices.of(IbenchHome.resolve()).artifacts(), options.dataRoot(),
                IbenchHome.resolve().scratch());
        Map<String, String> references = new TreeMap<>();
        for (Path evalSet : evalSets) {
            references.put(evalSet.getFileName().toString(), publisher.publish(evalSet).toString());
        }
        return references;
    }
}
