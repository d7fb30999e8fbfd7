package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.ibench.activities.campaign.SampleOutcome;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Payloads written before the rejected count existed (continue-as-new cursors, activity results) still read. */
class CampaignPayloadCompatibilityTest {
    private static final DataConverter CONVERTER = DefaultDataConverter.STANDARD_INSTANCE;

    private static Payload json(String text) {
        return Payload.newBuilder()
                .putMetadata("encoding", ByteString.copyFromUtf8("json/plain"))
                .setData(ByteString.copyFrom(text, StandardCharsets.UTF_8))
                .build();
    }

    @Test
    void aCursorWrittenBeforeTheRejectedCountResumesWithZeroRejected() {
        CellCursor old = CONVERTER.fromPayload(json(
                "{\"nextIndex\":120,\"done\":118,\"parsed\":100,\"completed\":60,\"infraErrors\":2,\"paused\":true}"),
                CellCursor.class, CellCursor.class);
        assertThat(old).isEqualTo(new CellCursor(120, 118, 100, 60, 2, true, 0));
    }

    @Test
    void aCursorWithTheRejectedCountRoundTrips() {
        CellCursor cursor = new CellCursor(7, 6, 5, 4, 1, false, 2);
        Payload payload = CONVERTER.toPayload(cursor).orElseThrow();
        assertThat(CONVERTER.fromPayload(payload, CellCursor.class, CellCursor.class)).isEqualTo(cursor);
    }

    @Test
    void aCursorWrittenBeforeTheSpendResumesWithNoSpendAndOneWithItRoundTrips() {
        CellCursor old = CONVERTER.fromPayload(json("{\"nextIndex\":7,\"done\":6,\"parsed\":5,\"completed\":4,"
                + "\"infraErrors\":1,\"paused\":false,\"rejected\":2}"), CellCursor.class, CellCursor.class);
        assertThat(old).isEqualTo(new CellCursor(7, 6, 5, 4, 1, false, 2, 0, 0, null, 0));
        CellCursor cursor = new CellCursor(7, 6, 5, 4, 1, false, 2, 1200, 34, 0.0123, 0);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(cursor).orElseThrow(), CellCursor.class, CellCursor.class))
                .isEqualTo(cursor);
    }

    @Test
    void aBatchResultWrittenBeforeTheSpendReadsAsNothingPaid() {
        var old = CONVERTER.fromPayload(json("{\"started\":4,\"elapsedMillis\":90,\"failures\":[]}"),
                dev.ibench.activities.campaign.BatchCallResult.class, dev.ibench.activities.campaign.BatchCallResult.class);
        assertThat(old).isEqualTo(new dev.ibench.activities.campaign.BatchCallResult(4, 90, java.util.List.of(), 0, 0, null, false, 0));
        assertThat(old.promptTokens()).isZero();
        assertThat(old.costUsd()).isNull();
    }

    @Test
    void aBatchResultWrittenBeforeYieldingReadsAsNotYielded() {
        var old = CONVERTER.fromPayload(json("{\"started\":4,\"elapsedMillis\":90,\"failures\":[],\"promptTokens\":40,"
                        + "\"completionTokens\":20,\"costUsd\":null}"),
                dev.ibench.activities.campaign.BatchCallResult.class, dev.ibench.activities.campaign.BatchCallResult.class);
        assertThat(old.yielded()).isFalse();
        assertThat(old.promptTokens()).isEqualTo(40);
    }

    /** A batch scheduled by a cell run from before yielding batches, picked up by a newer worker, never asks its cell. */
    @Test
    void anItemBatchWrittenBeforeYieldingNeverAsksAndOneWithTheFlagRoundTrips() {
        var old = CONVERTER.fromPayload(json("{\"cellId\":\"c\",\"trials\":1,\"fromIndex\":64,\"count\":128,"
                        + "\"concurrency\":16,\"rejectionsBeforeStop\":3}"),
                dev.ibench.activities.campaign.ItemBatch.class, dev.ibench.activities.campaign.ItemBatch.class);
        assertThat(old).isEqualTo(new dev.ibench.activities.campaign.ItemBatch("c", 1, 64, 128, 16, 3));
        assertThat(old.yieldsWhenAsked()).isFalse();
        assertThat(old.window()).as("a batch from before slot-refill stops at its first failure").isFalse();
        var batch = new dev.ibench.activities.campaign.ItemBatch("c", 1, 64, 128, 16, 3, true);
        var window = new dev.ibench.activities.campaign.ItemBatch("c", 1, 64, 128, 16, 3, true, true);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(window).orElseThrow(),
                dev.ibench.activities.campaign.ItemBatch.class, dev.ibench.activities.campaign.ItemBatch.class)).isEqualTo(window);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(batch).orElseThrow(),
                dev.ibench.activities.campaign.ItemBatch.class, dev.ibench.activities.campaign.ItemBatch.class)).isEqualTo(batch);
    }

    @Test
    void aSampleOutcomeWrittenBeforeTheRejectedFlagReadsAsNotRejected() {
        SampleOutcome old = CONVERTER.fromPayload(json("{\"infraError\":false,\"parsed\":true,\"completed\":true}"),
                SampleOutcome.class, SampleOutcome.class);
        assertThat(old).isEqualTo(new SampleOutcome(false, true, true, false, 0, 0, null, 0));
        SampleOutcome rejected = SampleOutcome.rejection();
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(rejected).orElseThrow(), SampleOutcome.class, SampleOutcome.class))
                .isEqualTo(rejected);
    }

    @Test
    void aCellPlanWrittenBeforeNoWorkerCheckSecondsReadsWithoutItAndOneWithItRoundTrips() {
        var old = CONVERTER.fromPayload(json("{\"cellId\":\"a\",\"model\":\"m\",\"benchmark\":\"b\",\"mode\":\"direct\","
                        + "\"ablation\":\"none\",\"samples\":3,\"trials\":1,\"llmTaskQueue\":\"ibench-llm-m\",\"maxRejectedShare\":0.5}"),
                dev.ibench.activities.campaign.CellPlanEntry.class, dev.ibench.activities.campaign.CellPlanEntry.class);
        assertThat(old).isEqualTo(new dev.ibench.activities.campaign.CellPlanEntry("a", "m", "b", "direct", "none", 3, 1, "ibench-llm-m", 0.5));
        assertThat(old.noWorkerCheckSeconds()).as("the cell uses its default then").isNull();
        var entry = new dev.ibench.activities.campaign.CellPlanEntry("a", "m", "b", "direct", "none", 3, 1, "ibench-llm-m", 0.5, 5);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(entry).orElseThrow(),
                dev.ibench.activities.campaign.CellPlanEntry.class, dev.ibench.activities.campaign.CellPlanEntry.class)).isEqualTo(entry);
    }

    @Test
    void aCellResultWrittenBeforeTheRejectedCountReadsWithZeroRejected() {
        CellProgress old = CONVERTER.fromPayload(json("{\"cellId\":\"a\",\"model\":\"m\",\"benchmark\":\"b\",\"mode\":\"direct\","
                        + "\"state\":\"COMPLETED\",\"total\":10,\"done\":10,\"completed\":5,\"infraErrors\":1,\"inFlight\":0,"
                        + "\"samplesInFlight\":4,\"startedAtMillis\":1,\"updatedAtMillis\":2,\"doneAtStart\":0,\"failure\":null}"),
                CellProgress.class, CellProgress.class);
        assertThat(old.infraErrors()).isEqualTo(1);
        assertThat(old.rejected()).isZero();
        assertThat(old.done()).isEqualTo(10);
    }

    @Test
    void aCampaignStatusAndAModelCallResultWrittenBeforeTheLedgerStillRead() {
        CampaignStatus oldStatus = CONVERTER.fromPayload(json("{\"campaignId\":\"c\",\"name\":\"n\",\"state\":\"COMPLETED\",\"cells\":[]}"),
                CampaignStatus.class, CampaignStatus.class);
        assertThat(oldStatus.state()).isEqualTo(CellState.COMPLETED);
        assertThat(oldStatus.pauseReason()).isNull();
        var oldCall = CONVERTER.fromPayload(json("{\"cacheHit\":false,\"promptTokens\":100,\"completionTokens\":20,\"latencyMs\":7}"),
                dev.ibench.activities.campaign.ModelCallResult.class, dev.ibench.activities.campaign.ModelCallResult.class);
        assertThat(oldCall).isEqualTo(new dev.ibench.activities.campaign.ModelCallResult(false, 100, 20, 7, null, false));
        var paused = new CampaignStatus("c", "n", CellState.PAUSED_BUDGET, java.util.List.of(), "budget reached: x");
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(paused).orElseThrow(), CampaignStatus.class, CampaignStatus.class))
                .isEqualTo(paused);
    }

    @Test
    void aTrajectoryOutcomeAndAStepSummaryWrittenBeforeTheirSpendReadAsNothingPaid() {
        SampleOutcome old = CONVERTER.fromPayload(json("{\"infraError\":false,\"parsed\":true,\"completed\":true,\"rejected\":false}"),
                SampleOutcome.class, SampleOutcome.class);
        assertThat(old).isEqualTo(new SampleOutcome(false, true, true, false, 0, 0, null, 0));
        SampleOutcome paid = old.withSpend(1200, 300, 0.006, 0);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(paid).orElseThrow(), SampleOutcome.class, SampleOutcome.class)).isEqualTo(paid);
        var oldStep = CONVERTER.fromPayload(json("{\"step\":3,\"kind\":\"action\",\"tool\":\"filter_data\",\"call\":\"filter_data()\","
                        + "\"reused\":false}"),
                dev.ibench.activities.react.ReactTurnSummary.class, dev.ibench.activities.react.ReactTurnSummary.class);
        assertThat(oldStep).isEqualTo(new dev.ibench.activities.react.ReactTurnSummary(3, "action", "filter_data", "filter_data()", false, 0, 0, null, false));
        assertThat(oldStep.isAction()).isTrue();
    }

    /** Payloads written before the count of calls with unknown usage (cursors, results, query answers) read it as 0. */
    @Test
    void payloadsWrittenBeforeTheUnknownUsageCountReadItAsZeroAndOnesWithItRoundTrip() {
        CellCursor oldCursor = CONVERTER.fromPayload(json("{\"nextIndex\":7,\"done\":6,\"parsed\":5,\"completed\":4,"
                + "\"infraErrors\":1,\"paused\":false,\"rejected\":2,\"promptTokens\":1200,\"completionTokens\":34,"
                + "\"costUsd\":0.0123}"), CellCursor.class, CellCursor.class);
        assertThat(oldCursor.tokensUnknownCalls()).isZero();
        assertThat(oldCursor).isEqualTo(new CellCursor(7, 6, 5, 4, 1, false, 2, 1200, 34, 0.0123, 0));
        CellCursor cursor = new CellCursor(7, 6, 5, 4, 1, false, 2, 1200, 34, 0.0123, 3);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(cursor).orElseThrow(), CellCursor.class, CellCursor.class)).isEqualTo(cursor);

        CellProgress oldProgress = CONVERTER.fromPayload(json("{\"cellId\":\"c\",\"model\":\"m\",\"benchmark\":\"b\","
                + "\"mode\":\"direct\",\"state\":\"COMPLETED\",\"total\":3,\"done\":3,\"completed\":1,\"infraErrors\":0,"
                + "\"inFlight\":0,\"samplesInFlight\":2,\"startedAtMillis\":1,\"updatedAtMillis\":2,\"doneAtStart\":0,"
                + "\"failure\":null,\"rejected\":0,\"promptTokens\":20,\"completionTokens\":10,\"costUsd\":null}"),
                CellProgress.class, CellProgress.class);
        assertThat(oldProgress.tokensUnknownCalls()).isZero();
        assertThat(oldProgress.tokens()).isEqualTo(30);
        CellProgress progress = new CellProgress("c", "m", "b", "direct", CellState.RUNNING, 3, 2, 1, 0, 1, 2, 1, 2, 0, null, 0,
                20, 10, null, 1);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(progress).orElseThrow(), CellProgress.class, CellProgress.class))
                .isEqualTo(progress);

        var oldBatch = CONVERTER.fromPayload(json("{\"started\":4,\"elapsedMillis\":90,\"failures\":[],\"promptTokens\":40,"
                        + "\"completionTokens\":20,\"costUsd\":null,\"yielded\":true}"),
                dev.ibench.activities.campaign.BatchCallResult.class, dev.ibench.activities.campaign.BatchCallResult.class);
        assertThat(oldBatch.tokensUnknownCalls()).isZero();
        assertThat(oldBatch.yielded()).isTrue();
        var oldCall = CONVERTER.fromPayload(json("{\"cacheHit\":false,\"promptTokens\":100,\"completionTokens\":20,\"latencyMs\":7,"
                        + "\"costUsd\":0.001}"),
                dev.ibench.activities.campaign.ModelCallResult.class, dev.ibench.activities.campaign.ModelCallResult.class);
        assertThat(oldCall.tokensUnknown()).isFalse();

        SampleOutcome oldOutcome = CONVERTER.fromPayload(json("{\"infraError\":false,\"parsed\":true,\"completed\":true,"
                + "\"rejected\":false,\"promptTokens\":1200,\"completionTokens\":300,\"costUsd\":0.006}"), SampleOutcome.class, SampleOutcome.class);
        assertThat(oldOutcome).isEqualTo(new SampleOutcome(false, true, true, false, 1200, 300, 0.006, 0));
        SampleOutcome outcome = oldOutcome.withSpend(1200, 300, 0.006, 2);
        assertThat(CONVERTER.fromPayload(CONVERTER.toPayload(outcome).orElseThrow(), SampleOutcome.class, SampleOutcome.class))
                .isEqualTo(outcome);
        var oldStep = CONVERTER.fromPayload(json("{\"step\":3,\"kind\":\"action\",\"tool\":\"filter_data\",\"call\":\"filter_data()\","
                        + "\"reused\":false,\"promptTokens\":100,\"completionTokens\":20,\"costUsd\":null}"),
                dev.ibench.activities.react.ReactTurnSummary.class, dev.ibench.activities.react.ReactTurnSummary.class);
        assertThat(oldStep.tokensUnknown()).isFalse();
        var oldTurnStep = CONVERTER.fromPayload(json("{\"turn\":0,\"step\":1,\"calls\":1,\"preview\":\"cd(folder='x')\","
                        + "\"reused\":false,\"promptTokens\":100,\"completionTokens\":20,\"costUsd\":null}"),
                dev.ibench.activities.multiturn.MultiTurnStepSummary.class, dev.ibench.activities.multiturn.MultiTurnStepSummary.class);
        assertThat(oldTurnStep.tokensUnknown()).isFalse();
        var oldSpend = CONVERTER.fromPayload(json("{\"promptTokens\":100,\"completionTokens\":20,\"costUsd\":0.0005}"),
                dev.ibench.workflows.react.TrajectorySpend.class, dev.ibench.workflows.react.TrajectorySpend.class);
        assertThat(oldSpend).isEqualTo(new dev.ibench.workflows.react.TrajectorySpend(100, 20, 0.0005, 0));
    }
}
