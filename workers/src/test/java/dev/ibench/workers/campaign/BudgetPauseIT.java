package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose USD budget runs out mid-cell, on the real dev server with a worker in its own JVM and a fake
 * OpenAI-compatible endpoint (test double) that counts requests: the campaign pauses as PAUSED_BUDGET with every paid
 * item scored and no infra_error; `campaign resume --budget` raises the budget and the campaign completes with exactly
 * one request per item (nothing lost, nothing paid twice).
 */
class BudgetPauseIT {
    static final int SAMPLES = 12;
    @TempDir Path dir;

    @Test
    void aBudgetReachedMidCellPausesAndAResumeWithAHigherBudgetFinishesWithoutRepaying() throws Exception {
        try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(300))) {
            Path file = dir.resolve("budget.yaml");
            // every answer of the fake endpoint reports 100 prompt and 20 completion tokens; at these prices one request
            // costs 100 x 1000 / 1e6 + 20 x 2000 / 1e6 = 0.10 + 0.04 = 0.14 USD. A budget of 0.50 USD admits requests
            // while 0, 0.14, 0.28 or 0.42 USD are spent and refuses once 0.56 USD are: 4 requests, plus what was already
            // in flight when the fourth answer arrived (at most samples_in_flight - 1 = 2).
            Files.writeString(file, """
                    name: budgeted
                    models:
                      - {name: fake, profile: vllm-qwen2.5-7b, endpoint: "%s", price_per_million_input: 1000, price_per_million_output: 2000}
                    benchmarks: [{name: slot, eval_set: %s}]
                    samples: {limit: %d, seed: 3}
                    samples_in_flight: 3
                    budget: {usd: 0.5}
                    """.formatted(endpoint.baseUrl(), SuperheroEvalSets.slot(), SAMPLES));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
                String id = harness.startOnly(file, "budgeted");
                CampaignWorkflow campaign = harness.connection().client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(id));
                long deadline = System.currentTimeMillis() + Duration.ofMinutes(3).toMillis();
                while (campaign.status().state() != CellState.PAUSED_BUDGET) {
                    assertThat(System.currentTimeMillis()).as("paused for budget; " + harness.workerLog()).isLessThan(deadline);
                    Thread.sleep(200);
                }
                int paid = settledRequestCount(endpoint);
                CampaignStatus paused = campaign.status();
                assertThat(paused.pauseReason()).contains("budget reached: campaign budgeted spent");
                assertThat(paid).as("4 requests reach the budget; at most 2 more were in flight").isBetween(4, 6);

                SpendStore spend = harness.services().spend();
                SpendTotals atPause = spend.totals(id, null);
                assertThat(atPause.attempts()).as("every request the endpoint saw is in the ledger").isEqualTo(paid);
                assertThat(atPause.tokens()).isEqualTo(paid * 120L);
                assertThat(atPause.costUsd()).isCloseTo(paid * 0.14, offset(1e-9));
                String cellId = paused.cells().get(0).cellId();
                List<SampleResultRecord> results = harness.services().store().sampleResults(cellId);
                assertThat(results).as("paid work kept: every answered item is scored").hasSize(paid)
                        .allMatch(r -> r.status().equals(SampleResultRecord.SCORED));
                assertThat(spend.deferredUnsettled(cellId)).as("refused items wait, neither scored nor infra_error").isPositive();
                Thread.sleep(2_000);
                assertThat(endpoint.requestCount()).as("a paused campaign sends nothing").isEqualTo(paid);

                try (CliProcess resume = CliProcess.start(List.of("campaign", "resume", id, "--budget", "usd=100", "--address", harness.address()),
                        "", dir.resolve("resume.log"), Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString()))) {
                    assertThat(resume.waitForExit(Duration.ofMinutes(2))).as(resume.output()).isZero();
                    assertThat(resume.output()).contains("budget of campaign budgeted is now {usd: 100.0}").contains("resumed campaign budgeted");
                }
                CampaignStatus end = WorkflowStub.fromTyped(campaign).getResult(3, TimeUnit.MINUTES, CampaignStatus.class);
                assertThat(end.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(endpoint.requestCount()).as("one request per item: nothing re-paid").isEqualTo(SAMPLES);
                assertThat(harness.services().store().sampleResults(cellId)).hasSize(SAMPLES)
                        .allMatch(r -> r.status().equals(SampleResultRecord.SCORED));
                SpendTotals total = spend.totals(id, null);
                assertThat(total.attempts()).isEqualTo(SAMPLES);
                assertThat(total.costUsd()).as("12 x 0.14 USD").isCloseTo(1.68, offset(1e-9));
                assertThat(spend.deferredUnsettled(cellId)).isZero();
                System.out.printf("BudgetPauseIT: paused after %d paid requests (%.2f USD of a 0.50 USD budget); %d requests in all%n",
                        paid, atPause.costUsd(), endpoint.requestCount());
            }
        }
    }

    /** The request count once it has stopped changing for two seconds (in-flight requests answered). */
    private static int settledRequestCount(FakeOpenAiEndpoint endpoint) throws InterruptedException {
        int last = -1;
        int now = endpoint.requestCount();
        while (now != last) {
            last = now;
            Thread.sleep(2_000);
            now = endpoint.requestCount();
        }
        return now;
    }
}
