package dev.ibench.activities.rest;

import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.rest.RestWorkStore.DedupRecord;
import dev.ibench.activities.rest.RestWorkStore.ExecutionRecord;
import dev.ibench.activities.rest.RestWorkStore.PlanRecord;
import dev.ibench.activities.rest.RestWorkStore.ProposalRecord;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.json.JsonFiles;
import dev.ibench.core.rest.DeterministicEndpointGenerator;
import dev.ibench.core.rest.DeterministicJudge;
import dev.ibench.core.rest.EndpointDeduplicator;
import dev.ibench.core.rest.EndpointExecutor;
import dev.ibench.core.rest.EndpointResult;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.GeneratedEndpoint;
import dev.ibench.core.rest.InvalidArgumentException;
import dev.ibench.core.rest.NearDuplicateDetector;
import dev.ibench.core.rest.ReadOnlyStatementGuard;
import dev.ibench.core.rest.RestGenerationException;
import dev.ibench.core.rest.RestPublisher;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.scratch.ScratchFolder;
import dev.ibench.core.verify.SqlRunner;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tools-queue steps of REST generation. Each heartbeats while it works ({@link Heartbeating}), so a step held by a
 * worker that died is retried elsewhere within the heartbeat timeout instead of its start-to-close timeout.
 */
public final class RestGenerationActivitiesImpl implements RestGenerationActivities {
    static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(5);
    private static final String SAME_TEMPLATE = "same_sql_template";
    private static final String NEAR_DUPLICATE = "near_duplicate";
    private final RestDatabases databases;
    private final RestWorkRecords records;
    private final ScratchFolder scratch;
    private final SqlRunner sqlRunner = new SqlRunner(120, 200_000);
    private final EndpointExecutor executor = new EndpointExecutor(120, 200_000);
    private EmbeddingModel embeddings;

    /** {@code scratch}: where the outputs of a job that publishes to the artifact store are staged. */
    public RestGenerationActivitiesImpl(RestDatabases databases, RestWorkRecords records, ScratchFolder scratch) {
        this.databases = databases;
        this.records = records;
        this.scratch = scratch;
    }

    @Override
    public RestPlan plan(RestJob job) {
        return Heartbeating.call(() -> planNow(job), HEARTBEAT_EVERY, "plan " + job.dbId());
    }

    private RestPlan planNow(RestJob job) {
        RestWorkStore store = RestWorkStore.of(job, records);
        PlanRecord plan = store.plan(() -> computePlan(job, store));
        return new RestPlan(plan.questions(), plan.candidates(), plan.rejectedByReason());
    }

    private PlanRecord computePlan(RestJob job, RestWorkStore store) {
        RestDatabases.Context ctx = databases.context(job);
        List<String> candidates = new ArrayList<>();
        Map<String, String> rejected = new LinkedHashMap<>();
        for (Question q : ctx.questions().values()) {
            String problem = ctx.problem() != null ? ctx.problem() : q.problem() != null ? q.problem().split(":")[0] : null;
            if (problem != null) {
                rejected.put(q.id(), problem);
                continue;
            }
            List<List<Object>> gold;
            try {
                gold = sqlRunner.run(ctx.connection(), q.sql());
            } catch (SQLException e) {
                rejected.put(q.id(), "sql_error");
                continue;
            }
            if (gold.isEmpty()) {
                rejected.put(q.id(), "empty_sql_result");
                continue;
            }
            store.writeGold(q.id(), gold);
            candidates.add(q.id());
        }
        return new PlanRecord(ctx.questions().size(), candidates, rejected);
    }

    @Override
    public RestStepOutcome generateDeterministic(RestStep step) {
        return Heartbeating.call(() -> generateDeterministicNow(step), HEARTBEAT_EVERY, "generate " + step.questionId());
    }

    private RestStepOutcome generateDeterministicNow(RestStep step) {
        return outcome(RestWorkStore.of(step.job(), records).proposal(step.questionId(), step.attempt(), () -> generate(step)));
    }

    private ProposalRecord generate(RestStep step) {
        RestDatabases.Context ctx = databases.context(step.job());
        Question q = databases.question(step.job(), step.questionId());
        try {
            GeneratedEndpoint endpoint = new DeterministicEndpointGenerator(step.job().source(), ctx.db(), ctx.schema()).generate(q);
            return new ProposalRecord(DeterministicEndpointGenerator.PRODUCER, endpoint, null, null);
        } catch (RestGenerationException e) {
            return new ProposalRecord(DeterministicEndpointGenerator.PRODUCER, null, e.reason(), e.getMessage());
        }
    }

    static RestStepOutcome outcome(ProposalRecord r) {
        return r.endpoint() != null ? RestStepOutcome.success(r.producer()) : RestStepOutcome.failure(r.producer(), r.reason(), r.detail());
    }

    @Override
    public RestStepOutcome execute(RestStep step) {
        return Heartbeating.call(() -> executeNow(step), HEARTBEAT_EVERY, "execute " + step.questionId());
    }

    private RestStepOutcome executeNow(RestStep step) {
        RestWorkStore store = RestWorkStore.of(step.job(), records);
        ProposalRecord proposal = store.requireEndpoint(step.questionId(), step.attempt());
        ExecutionRecord stored = store.execution(step.questionId(), step.attempt(), () -> run(databases.context(step.job()), proposal.endpoint()));
        return stored.result() != null ? RestStepOutcome.success(proposal.producer())
                : RestStepOutcome.failure(proposal.producer(), stored.reason(), stored.detail());
    }

    private ExecutionRecord run(RestDatabases.Context ctx, GeneratedEndpoint endpoint) {
        try {
            ReadOnlyStatementGuard.check(endpoint.spec().sql());
        } catch (SQLException e) {
            return new ExecutionRecord(null, "endpoint_not_read_only", e.getMessage());
        }
        try {
            EndpointResult result = executor.execute(ctx.connection(), endpoint.spec(), endpoint.arguments());
            return new ExecutionRecord(result, null, null);
        } catch (InvalidArgumentException e) {
            return new ExecutionRecord(null, "endpoint_bad_arguments", e.getMessage());
        } catch (SQLException e) {
            return new ExecutionRecord(null, "endpoint_error", e.getMessage());
        }
    }

    @Override
    public RestDedupSummary dedup(RestJob job, List<QuestionOutcome> outcomes) {
        return Heartbeating.call(() -> dedupNow(job, outcomes), HEARTBEAT_EVERY, "dedup " + job.dbId());
    }

    private RestDedupSummary dedupNow(RestJob job, List<QuestionOutcome> outcomes) {
        RestWorkStore store = RestWorkStore.of(job, records);
        RestDatabases.Context ctx = databases.context(job);
        EndpointDeduplicator dedup = new EndpointDeduplicator(job.source(), job.dbId(), nearDuplicates(job));
        Map<String, String> endpointOfQuestion = new LinkedHashMap<>();
        for (QuestionOutcome o : outcomes) {
            if (!o.isAccepted()) continue;
            GeneratedEndpoint accepted = store.requireEndpoint(o.questionId(), o.acceptedAttempt()).endpoint();
            EndpointSpec spec = accepted.spec().withResponseColumns(store.requireResult(o.questionId(), o.acceptedAttempt()).columns());
            EndpointDeduplicator.Outcome d = dedup.add(job.dbId() + "-" + o.questionId(), spec,
                    kept -> answers(ctx, kept, accepted.arguments(), store.gold(o.questionId())));
            if (d.endpoint() != null) endpointOfQuestion.put(o.questionId(), d.endpoint().name());
        }
        DedupRecord record = new DedupRecord(dedup.endpoints(), dedup.decisions(), endpointOfQuestion);
        store.writeDedup(record);
        return new RestDedupSummary(record.endpoints().size(), record.decisions(SAME_TEMPLATE), record.decisions(NEAR_DUPLICATE));
    }

    /** Whether {@code kept}, called with another question's arguments, returns that question's gold rows. */
    private boolean answers(RestDatabases.Context ctx, EndpointSpec kept, Map<String, Object> arguments, List<List<Object>> gold) {
        try {
            return DeterministicJudge.judge(gold, executor.execute(ctx.connection(), kept, arguments), kept.response().ordered()).match();
        } catch (InvalidArgumentException | SQLException e) {
            return false;
        }
    }

    private synchronized NearDuplicateDetector nearDuplicates(RestJob job) {
        if (job.nearDuplicateThreshold() == null) return NearDuplicateDetector.NONE;
        if (embeddings == null) embeddings = new AllMiniLmL6V2QuantizedEmbeddingModel();
        return new EmbeddingNearDuplicateDetector(embeddings, job.nearDuplicateThreshold());
    }

    @Override
    public RestPublished publish(RestJob job, List<QuestionOutcome> outcomes) {
        return Heartbeating.call(() -> publishNow(job, outcomes), HEARTBEAT_EVERY, "publish " + job.dbId());
    }

    private RestPublished publishNow(RestJob job, List<QuestionOutcome> outcomes) {
        RestWorkStore store = RestWorkStore.of(job, records);
        RestDatabases.Context ctx = databases.context(job);
        PlanRecord plan = store.requirePlan();
        DedupRecord dedup = store.requireDedup();
        Map<String, EndpointSpec> byName = new LinkedHashMap<>();
        dedup.endpoints().forEach(e -> byName.put(e.name(), e));

        List<RestPublisher.Entry> entries = new ArrayList<>();
        Map<String, Integer> byReason = new TreeMap<>(plan.rejectedByReason());
        Map<String, Integer> verifiedBy = new TreeMap<>();
        for (QuestionOutcome o : outcomes) {
            if (!o.isAccepted()) {
                byReason.merge(o.reason(), 1, Integer::sum);
                continue;
            }
            String endpoint = dedup.endpointOfQuestion().get(o.questionId());
            if (endpoint == null) {
                byReason.merge(NEAR_DUPLICATE, 1, Integer::sum);
                continue;
            }
            ProposalRecord p = store.requireEndpoint(o.questionId(), o.acceptedAttempt());
            entries.add(new RestPublisher.Entry(databases.question(job, o.questionId()), byName.get(endpoint), p.endpoint().arguments(),
                    AnswerShape.fold(store.gold(o.questionId()))));
            verifiedBy.merge(o.producer(), 1, Integer::sum);
        }
        RestGenerationLog log = RestGenerationLog.of(store, plan, outcomes, dedup);
        RestPublished published = new RestPublished(job.dbId(), plan.questions(), log.inScope(), entries.size(), dedup.endpoints().size(),
                RestPublisher.producedBy(dedup.endpoints()), verifiedBy, byReason,
                dedup.decisions(SAME_TEMPLATE), dedup.decisions(NEAR_DUPLICATE),
                log.modelAttempts(), log.llmJudgeCalls(), List.of(), null);
        if (!job.usesArtifacts()) {
            List<Path> files = write(job, ctx, Path.of(job.outDir()), dedup, entries, log, published);
            return published.withFiles(files.stream().map(f -> f.toString().replace('\\', '/')).toList());
        }
        Path staged;
        try {
            staged = scratch.newFolder("rest-publish");
        } catch (java.io.UncheckedIOException e) {
            throw ApplicationFailure.newFailure("cannot stage the REST outputs of " + job.dbId() + ": " + e.getMessage(), "RestPublish");
        }
        try {
            Map<String, String> stored = new TreeMap<>();
            for (Path f : write(job, ctx, staged, dedup, entries, log, published)) {
                stored.put(f.getFileName().toString(), records.artifacts().put(f).toString());
            }
            return published.withArtifacts(stored);
        } finally {
            deleteQuietly(staged);
        }
    }

    /** Writes the four published files and the report into {@code out}; returns them. */
    private static List<Path> write(RestJob job, RestDatabases.Context ctx, Path out, DedupRecord dedup, List<RestPublisher.Entry> entries,
                                    RestGenerationLog log, RestPublished published) {
        List<Path> files;
        try {
            files = new ArrayList<>(RestPublisher.publish(new RestPublisher.Target(job.source(), ctx.db(), job.mode(), out,
                    Path.of(ctx.dataRoot())), dedup.endpoints(), dedup.decisions(), entries));
        } catch (IOException e) {
            throw ApplicationFailure.newFailure("cannot write the REST outputs of " + job.dbId() + " to " + out + ": " + e.getMessage(), "RestPublish");
        }
        Path report = out.resolve(job.source() + "-" + job.dbId() + "-rest-report.json");
        try {
            JsonFiles.writeReplacing(report, log.toJson(published));
        } catch (IOException e) {
            throw ApplicationFailure.newFailure("cannot write " + report + ": " + e.getMessage(), "RestPublish");
        }
        files.add(report);
        return files;
    }

    private void deleteQuietly(Path dir) {
        try {
            scratch.delete(dir);
        } catch (java.io.UncheckedIOException ignored) {
            // a folder left behind is removed by a later sweep of the scratch folder
        }
    }
}
