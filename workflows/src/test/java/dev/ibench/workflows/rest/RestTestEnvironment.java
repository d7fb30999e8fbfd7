package dev.ibench.workflows.rest;

import dev.ibench.core.scratch.ScratchFolder;
import dev.ibench.activities.artifact.DatabaseArtifactStore;
import dev.ibench.activities.rest.RestDatabases;
import dev.ibench.activities.rest.RestGenerationActivitiesImpl;
import dev.ibench.activities.rest.RestJudgeActivitiesImpl;
import dev.ibench.activities.rest.RestWorkRecords;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.workflows.TaskQueues;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test fixture: the REST generation workflow and its data activities (real ones) on a TestWorkflowEnvironment. */
final class RestTestEnvironment {
    /** The tests' scratch folder (under the module's target/). */
    static final ScratchFolder SCRATCH = new ScratchFolder(Path.of("target", "scratch"));
    private RestTestEnvironment() {}

    /** The bundled data folder, absolute. */
    static Path data() {
        return (Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data")).toAbsolutePath().normalize();
    }

    /** Work records in a results store, artifacts in the same database: what a worker uses by default. */
    static RestWorkRecords records(ResultsDatabase results) {
        return new RestWorkRecords(results, new DatabaseArtifactStore(results), SCRATCH);
    }

    /** Registers the search attributes, the workflow, and the tools and scoring activities; model activities are the caller's. */
    static void register(TestWorkflowEnvironment env, RestDatabases databases, RestWorkRecords records) {
        for (String keyword : List.of("IbenchCampaignId", "IbenchModel", "IbenchBenchmark", "IbenchState")) {
            env.registerSearchAttribute(keyword, IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
        }
        env.registerSearchAttribute("IbenchProgress", IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE);
        env.newWorker(TaskQueues.WORKFLOWS).registerWorkflowImplementationTypes(RestGenerationWorkflowImpl.class);
        env.newWorker(TaskQueues.TOOLS).registerActivitiesImplementations(new RestGenerationActivitiesImpl(databases, records, SCRATCH));
        env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(new RestJudgeActivitiesImpl(records));
    }
}
