package dev.ibench.workflows.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.rest.RestDatabases;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestPublished;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.DatasetLoader;
import dev.ibench.workflows.TaskQueues;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Acceptance 1 of the REST issue through the workflow: with the deterministic generator alone and near-duplicate
 * detection on (0.95), at least 90% of the bundled BIRD (274) and Spider (725) questions get a verified endpoint,
 * and every other question is counted under a reason.
 */
class RestGenerationCoverageTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"bird, 274", "spider, 725"})
    void atLeastNinetyPercentVerified(String source, int questions) throws Exception {
        Path data = RestTestEnvironment.data();
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance(); RestDatabases databases = new RestDatabases();
             ResultsDatabase results = ResultsDatabase.open(tmp.resolve("results.db"))) {
            RestTestEnvironment.register(env, databases, RestTestEnvironment.records(results));
            env.start();

            List<CompletableFuture<RestPublished>> runs = new ArrayList<>();
            for (DatabaseEntry db : DatasetLoader.forSource(source).load(data.resolve(source), List.of(), data).databases()) {
                RestJob job = new RestJob(source, data.resolve(source).toString(), data.toString(), db.id(), tmp.toString(), "paper", null, null, 3,
                        false, 0.95, null);
                RestGenerationWorkflow workflow = env.getWorkflowClient().newWorkflowStub(RestGenerationWorkflow.class,
                        WorkflowOptions.newBuilder().setWorkflowId(RestGenerationWorkflow.workflowId(job)).setTaskQueue(TaskQueues.WORKFLOWS).build());
                runs.add(WorkflowClient.execute(workflow::run, RestGenerationInput.start(job, 4)));
            }
            int total = 0;
            int verified = 0;
            for (CompletableFuture<RestPublished> run : runs) {
                RestPublished p = run.get();
                total += p.questions();
                verified += p.verified();
                assertThat(p.verified() + p.byReason().values().stream().mapToInt(Integer::intValue).sum()).as(p.dbId()).isEqualTo(p.questions());
                assertThat(p.producedBy()).as(p.dbId()).containsOnlyKeys(p.endpoints() == 0 ? new String[0] : new String[] {"deterministic"});
            }
            assertThat(total).isEqualTo(questions);
            assertThat(verified).isGreaterThanOrEqualTo((int) Math.ceil(0.9 * questions));
        }
    }
}
