package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.client.BatchObject;
import dev.ibench.activities.llm.client.BatchOutputLine;
import dev.ibench.activities.llm.client.OpenAiBatchClient;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.store.BatchRecord;
import dev.ibench.activities.store.BatchRecords;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.NotInStore;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.BatchSettings;
import dev.ibench.core.sample.EvalSample;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCompletionException;
import io.temporal.failure.ApplicationFailure;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The Batch API steps of a {@code batch: true} cell (docs/batch.md). The part's store row ({@link BatchRecords}) is
 * written before anything is sent, then the uploaded file, then the batch id as soon as the provider returns it; a retried
 * submit polls a recorded batch, and when the file was recorded but not the batch id, first looks the batch up at the
 * provider by its metadata ({@link #METADATA_KEY}) before creating one. Collecting stores every answered line as the
 * normal call's output would be stored (prompt, raw output, usage, response cache entry, ledger row at the batch price)
 * in one transaction per item, skipping items stored before, so a collect retried after a kill never pays twice.
 */
public final class BatchApiActivitiesImpl implements BatchApiActivities {
    /** The metadata key of a batch's {@link BatchPart#batchKey()}. */
    public static final String METADATA_KEY = "ibench_batch_key";
    /** How far the provider's clock may be behind ours when a batch is looked up by its creation time. */
    static final long CLOCK_SLACK_SECONDS = 3600;
    private static final ScheduledExecutorService HEARTBEATS = CallHeartbeats.daemonThread("ibench-batch-api-heartbeats");

    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final ModelRunners runners;
    private final BatchRecords records;
    private final IgnoredRequestRecorder ignoredRequests;
    private final CampaignMetrics metrics;

    public BatchApiActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ModelRunners runners, MeterRegistry meters) {
        this.store = store;
        this.evalSets = evalSets;
        this.runners = runners;
        this.records = new BatchRecords(store.database());
        this.ignoredRequests = new IgnoredRequestRecorder(store);
        this.metrics = new CampaignMetrics(meters);
    }

    @Override
    public BatchSubmitted submitBatch(BatchPart part) {
        CellRecord cell = cellOf(part.cellId());
        return beating(() -> mapped(() -> submit(part, cell)));
    }

    @Override
    public BatchLook lookAtBatch(String batchKey) {
        BatchRecord record = record(batchKey);
        if (record.batchId() == null) {
            return new BatchLook(record.status(), true, 0, 0, 0);
        }
        BatchObject batch = mapped(() -> runners.batchClient(cellOf(record.cellId())).retrieve(record.batchId()));
        records.status(batchKey, batch.status());
        return look(batch);
    }

    @Override
    public BatchLook cancelBatch(String batchKey) {
        BatchRecord record = record(batchKey);
        if (record.batchId() == null) {
            return new BatchLook(record.status(), true, 0, 0, 0);
        }
        OpenAiBatchClient client = runners.batchClient(cellOf(record.cellId()));
        BatchObject batch = mapped(() -> client.retrieve(record.batchId()));
        if (!batch.ended() && !"cancelling".equals(batch.status())) {
            batch = mapped(() -> client.cancel(record.batchId()));
        }
        records.status(batchKey, batch.status());
        return look(batch);
    }

    @Override
    public BatchCollected collectBatch(BatchPart part) {
        CellRecord cell = cellOf(part.cellId());
        return beating(() -> mapped(() -> collect(part, cell)));
    }

    private BatchSubmitted submit(BatchPart part, CellRecord cell) {
        OpenAiBatchClient client = runners.batchClient(cell);
        long notBefore = Instant.now().getEpochSecond() - CLOCK_SLACK_SECONDS;
        BatchRecord record = records.open(part.batchKey(), cell.cellId(), part.fromIndex(), client.endpoint(), notBefore);
        if (record.batchId() != null || BatchRecord.NOTHING_TO_SEND.equals(record.status())) {
            return new BatchSubmitted(part.batchKey(), part.fromIndex(), record.itemCount(), record.batchId(), List.of());
        }
        Map<String, String> metadata = Map.of(METADATA_KEY, part.batchKey());
        if (record.inputFileId() != null) {
            // an earlier attempt uploaded the file: it may have created the batch too, before it could record its id
            Optional<BatchObject> found = client.findByMetadata(METADATA_KEY, part.batchKey(), record.notBefore());
            BatchObject batch = found.orElseGet(() -> client.create(record.inputFileId(), record.requestUrl(), metadata));
            records.batchId(part.batchKey(), batch.id(), batch.status());
            return new BatchSubmitted(part.batchKey(), part.fromIndex(), record.itemCount(), batch.id(), List.of());
        }
        BatchSettings settings = runners.batchSettings(cell.campaignId(), cell.model());
        InputFile file = inputFile(part, cell, client, settings == null ? BatchSettings.DEFAULTS : settings);
        if (file.lines == 0) {
            records.nothingToSend(part.batchKey(), file.itemCount);
            return new BatchSubmitted(part.batchKey(), part.fromIndex(), file.itemCount, null, file.failures);
        }
        String fileId = client.upload(file.bytes.toByteArray(), part.batchKey().replaceAll("[^A-Za-z0-9._-]", "_") + ".jsonl");
        records.inputFile(part.batchKey(), fileId, file.requestUrl, file.itemCount);
        BatchObject batch = client.create(fileId, file.requestUrl, metadata);
        records.batchId(part.batchKey(), batch.id(), batch.status());
        return new BatchSubmitted(part.batchKey(), part.fromIndex(), file.itemCount, batch.id(), file.failures);
    }

    /** A part's input file as it grows: its lines, the items it covers, the batch endpoint, the items that failed. */
    private static final class InputFile {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<ItemFailure> failures = new ArrayList<>();
        int itemCount;
        int lines;
        String requestUrl;
    }

    /**
     * One line per unstored item from the part's first index on, until {@code maxItems} items or the file's byte bound;
     * an item the response cache answers is stored at once as the normal call's hit, without a line.
     */
    private InputFile inputFile(BatchPart part, CellRecord cell, OpenAiBatchClient client, BatchSettings settings) {
        ModelRunner runner = runners.runner(cell);
        BatchItems items = BatchItems.read(store, new ItemBatch(part.cellId(), part.trials(), part.fromIndex(), part.maxItems(), 1, 0));
        InputFile file = new InputFile();
        for (int index = part.fromIndex(); index < part.fromIndex() + part.maxItems(); index++) {
            WorkItem item = part.item(index);
            try {
                String sampleId = items.sampleId(index);
                if (items.stored(index)) {
                    file.itemCount++;
                    continue;
                }
                EvalSample sample = evalSets.sample(cell.evalSet(), sampleId);
                ModelRunner.Prepared prepared = runner.prepare(sample, item.trial());
                ModelGateway.LookedUp looked = runner.gateway().lookUp(prepared.request());
                if (looked.cached().isPresent()) {
                    List<Runnable> writes = new ArrayList<>(2);
                    CallResult hit = runner.call(prepared, looked, cell.cellId(), writes::add).result();
                    store(cell, item, sampleId, sample, runner, prepared, hit, writes);
                    file.itemCount++;
                    continue;
                }
                byte[] line = (client.inputLine(customId(sampleId, item.trial()), prepared.request()) + "\n").getBytes(StandardCharsets.UTF_8);
                if (file.lines > 0 && file.bytes.size() + line.length > settings.bytesPerFile()) {
                    break; // the next part starts here
                }
                file.itemCount++;
                if (line.length > settings.bytesPerFile()) {
                    file.failures.add(new ItemFailure(index, "BatchLineTooLarge", "item's request is " + line.length
                            + " bytes, more than a batch file may hold (" + settings.bytesPerFile() + "); sent as a normal call"));
                    continue;
                }
                file.bytes.writeBytes(line);
                file.lines++;
                file.requestUrl = client.requestUrl(prepared.request());
            } catch (ModelCallException e) {
                file.itemCount++;
                ApplicationFailure f = ModelCallFailures.forActivity(e);
                file.failures.add(new ItemFailure(index, f.getType(), f.getOriginalMessage()));
            } catch (ApplicationFailure f) {
                file.itemCount++;
                file.failures.add(new ItemFailure(index, f.getType(), f.getOriginalMessage()));
            }
        }
        return file;
    }

    private BatchCollected collect(BatchPart part, CellRecord cell) {
        BatchRecord record = record(part.batchKey());
        if (record.batchId() == null || record.itemCount() == 0) {
            return new BatchCollected(0, List.of(), 0, 0, null, 0);
        }
        OpenAiBatchClient client = runners.batchClient(cell);
        BatchObject batch = client.retrieve(record.batchId());
        if (!batch.ended()) {
            throw ApplicationFailure.newFailure("batch " + batch.id() + " is " + batch.status() + ", not ended yet", "BatchNotEnded");
        }
        Map<String, BatchOutputLine> lines = new HashMap<>();
        if (batch.outputFileId() != null) {
            client.readLines(batch.outputFileId(), line -> lines.put(line.customId(), line));
        }
        if (batch.errorFileId() != null) {
            client.readLines(batch.errorFileId(), line -> lines.putIfAbsent(line.customId(), line));
        }
        ModelRunner runner = runners.runner(cell);
        BatchItems items = BatchItems.read(store, new ItemBatch(part.cellId(), part.trials(), record.fromIndex(), record.itemCount(), 1, 0));
        BatchSpend spend = new BatchSpend();
        List<ItemFailure> failures = new ArrayList<>();
        int stored = 0;
        for (int index = record.fromIndex(); index < record.fromIndex() + record.itemCount(); index++) {
            WorkItem item = part.item(index);
            String sampleId;
            try {
                sampleId = items.sampleId(index);
            } catch (ApplicationFailure unknown) {
                continue; // reported when the part was submitted
            }
            if (items.stored(index)) {
                continue;
            }
            BatchOutputLine line = lines.get(customId(sampleId, item.trial()));
            if (line == null || !line.answered()) {
                failures.add(new ItemFailure(index, BatchCollected.LINE_NOT_ANSWERED, "batch " + batch.id() + " (" + batch.status()
                        + ") did not answer sample " + sampleId + " trial " + item.trial() + ": "
                        + (line == null ? "no line in its output or error file" : line.problem())));
                continue;
            }
            try {
                EvalSample sample = evalSets.sample(cell.evalSet(), sampleId);
                ModelRunner.Prepared prepared = runner.prepare(sample, item.trial());
                ModelResponse answer = client.answer(line, !prepared.request().prompt().isRaw());
                List<Runnable> writes = new ArrayList<>(2);
                CallResult result = runner.gateway().recordBatchAnswer(runner.gateway().lookUp(prepared.request()), cell.cellId(), answer,
                        writes::add);
                ModelCallRecord output = store(cell, item, sampleId, sample, runner, prepared, result, writes);
                spend.add(output.promptTokens(), output.completionTokens(), result.costUsd(), result.response().tokensUnknown());
                stored++;
            } catch (ModelCallException e) {
                failures.add(new ItemFailure(index, BatchCollected.LINE_NOT_ANSWERED, "batch " + batch.id() + ": " + e.getMessage()));
            }
        }
        records.status(part.batchKey(), batch.status());
        return new BatchCollected(stored, failures, spend.promptTokens(), spend.completionTokens(), spend.costUsd(),
                spend.tokensUnknownCalls());
    }

    /** Stores an item's answer as a normal call's: its writes (cache entry, ledger row), prompt, warnings and output, together. */
    private ModelCallRecord store(CellRecord cell, WorkItem item, String sampleId, EvalSample sample, ModelRunner runner, ModelRunner.Prepared prepared,
                                  CallResult result, List<Runnable> writes) {
        ModelCallRecord record = ItemRecords.output(item, sampleId, result);
        String promptJson = ItemRecords.promptJson(prepared.prompt());
        store.database().inOneTransaction(() -> {
            writes.forEach(Runnable::run);
            store.savePrompt(item.cellId(), sampleId, item.trial(), promptJson);
            ignoredRequests.record(item.cellId(), sample, item.trial(), runner.profile(), prepared.prompt(), result.response());
            store.saveModelCall(record);
        });
        runner.gateway().stored(result);
        metrics.modelCall(cell.model(), result);
        return record;
    }

    /** An item's {@code custom_id}: its sample id and trial. */
    static String customId(String sampleId, int trial) {
        return sampleId + "#" + trial;
    }

    private static BatchLook look(BatchObject batch) {
        return new BatchLook(batch.status(), batch.ended(), batch.total(), batch.completed(), batch.failed());
    }

    private BatchRecord record(String batchKey) {
        return records.get(batchKey).orElseThrow(() -> ApplicationFailure.newNonRetryableFailure(
                "no batch " + batchKey + " in the results store " + store.database().description(), "UnknownBatch"));
    }

    private CellRecord cellOf(String cellId) {
        return store.cell(cellId).orElseThrow(() -> NotInStore.cell(store, cellId));
    }

    /** A provider failure as the activity's: endpoint refusals stop the cell, the rest are retried by Temporal. */
    private static <T> T mapped(Supplier<T> work) {
        try {
            return work.get();
        } catch (ModelCallException e) {
            throw ModelCallFailures.forActivity(e);
        }
    }

    /** Runs {@code work} while beating every 2 s, so a killed worker's step is retried within the heartbeat timeout. */
    private static <T> T beating(Supplier<T> work) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        ScheduledFuture<?> beat = HEARTBEATS.scheduleAtFixedRate(() -> {
            try {
                context.heartbeat(null);
            } catch (ActivityCompletionException ended) {
                // cancelled or timed out: the steps are idempotent, a later attempt goes on from the store
            }
        }, 0, 2, TimeUnit.SECONDS);
        try {
            return work.get();
        } finally {
            beat.cancel(false);
        }
    }
}
