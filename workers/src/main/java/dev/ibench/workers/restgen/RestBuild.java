package dev.ibench.workers.restgen;

import dev.ibench.activities.artifact.ArtifactStore;
import dev.ibench.activities.rest.RestDatasetBundle;
import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestPublished;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.core.json.JsonFiles;
import dev.ibench.core.rest.RestPublisher;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;

/**
 * The REST part of {@code ibench build}: one REST generation job per database, run as workflows by
 * {@link RestGenerationRunner}, their counts added to the build's coverage report (style {@code rest}) and a
 * {@code rest} block in {@code coverage.json} with endpoints and verified questions per generator. Each database's
 * dataset goes to the artifact store first ({@link RestDatasetBundle}), the jobs name it by hash, and the files the
 * workers publish as artifacts are downloaded into {@code --out} ({@link RestOutputs}): the workers need no folder of
 * this machine.
 */
public record RestBuild(String codegenModel, String judgeModel, int maxAttempts, boolean deterministicFirst, Double nearDuplicateThreshold,
                        Integer limit, int questionsInFlight, boolean inProcessWorker, int timeoutMinutes) {

    public RestBuild {
        if (maxAttempts < 1 || maxAttempts > 10) throw new IllegalArgumentException("--max-attempts must be 1..10, got " + maxAttempts);
        if (questionsInFlight < 1) throw new IllegalArgumentException("--questions-in-flight must be at least 1, got " + questionsInFlight);
        if (limit != null && limit < 1) throw new IllegalArgumentException("--limit must be at least 1, got " + limit);
        if (judgeModel == null) judgeModel = codegenModel;
    }

    /** {@code off} or a similarity in (0, 1]. */
    public static Double threshold(String value) {
        if (value == null || value.equalsIgnoreCase("off")) return null;
        double t;
        try {
            t = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--near-duplicate-threshold must be a number in (0, 1] or 'off', got '" + value + "'");
        }
        if (!(t > 0 && t <= 1)) throw new IllegalArgumentException("--near-duplicate-threshold must be in (0, 1] or 'off', got " + value);
        return t;
    }

    /** The coverage JSON written, the number of files published, and the databases whose workflow failed (with why). */
    public record Result(Map<String, Object> coverageJson, int files, Map<String, String> failures) {}

    /** @param dbIds the databases to build (the SLOT/SEL builder's list, so "all" is resolved once) */
    public Result run(BuildOptions o, List<String> dbIds, CoverageReport coverage, PrintStream log) throws IOException, TimeoutException {
        IbenchHome home = IbenchHome.resolve();
        ArtifactStore artifacts = CampaignServices.of(home).artifacts();
        Dataset dataset = DatasetLoader.forSource(o.source()).load(o.root(), dbIds, o.dataRoot());
        List<RestJob> jobs = new ArrayList<>();
        for (String db : dbIds) {
            String reference = RestDatasetBundle.of(dataset, db, o.dataRoot().toAbsolutePath().normalize(), artifacts).store(artifacts, home.state());
            log.println("build: " + db + ": rest dataset stored as " + reference + " in " + artifacts.description());
            jobs.add(RestJob.ofArtifacts(o.source(), db, reference, o.mode().name().toLowerCase(Locale.ROOT), codegenModel,
                    codegenModel == null ? null : judgeModel, maxAttempts, deterministicFirst, nearDuplicateThreshold, limit));
        }
        RestGenerationRunner.Outcome outcome = new RestGenerationRunner(home, log).run(jobs, questionsInFlight, inProcessWorker, timeoutMinutes);
        for (RestPublished p : outcome.published()) {
            if (p.artifacts() != null) RestOutputs.download(artifacts, p.artifacts(), o.out());
        }
        Map<String, Integer> producedBy = new TreeMap<>();
        Map<String, Integer> verifiedBy = new TreeMap<>();
        int endpoints = 0, merged = 0, nearDuplicates = 0, modelAttempts = 0, judgeCalls = 0, files = 0;
        for (RestPublished p : outcome.published()) {
            coverage.add(RestPublisher.STYLE, p.dbId(), p.questions(), p.inScope(), p.verified(), p.byReason());
            p.producedBy().forEach((k, v) -> producedBy.merge(k, v, Integer::sum));
            p.verifiedBy().forEach((k, v) -> verifiedBy.merge(k, v, Integer::sum));
            endpoints += p.endpoints();
            merged += p.mergedSameTemplate();
            nearDuplicates += p.nearDuplicatesDropped();
            modelAttempts += p.modelAttempts();
            judgeCalls += p.llmJudgeCalls();
            files += p.files().size();
            log.println("build: " + p.dbId() + ": rest " + p.verified() + "/" + p.questions() + " verified, " + p.endpoints() + " endpoints "
                    + p.producedBy() + ", questions verified by " + p.verifiedBy());
        }
        Map<String, Object> json = coverage.toMap(o.source(), o.mode().name().toLowerCase(Locale.ROOT));
        Map<String, Object> rest = new LinkedHashMap<>();
        rest.put("endpoints", endpoints);
        rest.put("produced_by", producedBy);
        rest.put("verified_by", verifiedBy);
        rest.put("merged_same_template", merged);
        rest.put("near_duplicates_dropped", nearDuplicates);
        rest.put("near_duplicate_threshold", nearDuplicateThreshold);
        rest.put("codegen_model", codegenModel);
        rest.put("judge_model", codegenModel == null ? null : judgeModel);
        rest.put("max_attempts", maxAttempts);
        rest.put("model_attempts", modelAttempts);
        rest.put("llm_judge_calls", judgeCalls);
        rest.put("workflows", outcome.workflowIds());
        if (!outcome.failures().isEmpty()) rest.put("failures", outcome.failures());
        json.put("rest", rest);
        CoverageReport.Counts total = coverage.total(RestPublisher.STYLE);
        log.println("build: rest: " + total.questions + " questions, " + total.verified + " verified, " + endpoints + " endpoints " + producedBy
                + ", questions verified by " + verifiedBy + "; not verified: " + total.byReason);
        JsonFiles.writeReplacing(o.out().resolve("coverage.json"), json);
        return new Result(json, files, outcome.failures());
    }

}
