package dev.ibench.core.rest;

import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.verify.AnswerComparator;
import dev.ibench.core.verify.AnswerShape;
import dev.ibench.core.verify.OrderSensitivity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Executes predicted calls of a REST eval set against its published endpoints (the
 * {@code <source>-<db>-rest-endpoints.json} next to {@code <source>-<db>-rest.json}), in process: each call runs its
 * endpoint's SQL template with the call's arguments, validated as the tool server validates them, on the
 * read-only database. The answer is the last call's rows, folded like a gold answer. This is what gives REST
 * samples a completion result; bad calls (unknown endpoint, unknown or ill-typed parameter) are reported in the
 * outcome, never thrown.
 */
public final class RestEndpointRuntime implements SequenceExecutor, AutoCloseable {
    private final Map<String, EndpointSpec> endpoints = new HashMap<>();
    private final Path databaseFile;
    private final ReadOnlyDatabases databases = new ReadOnlyDatabases();
    private final EndpointExecutor executor = new EndpointExecutor(60, 200_000);

    private RestEndpointRuntime(RestPublication publication, Path dataRootOverride) {
        publication.endpoints().forEach(e -> endpoints.put(e.name(), e));
        Path underOverride = dataRootOverride == null ? null : publication.databaseFile(dataRootOverride);
        this.databaseFile = underOverride != null && Files.isRegularFile(underOverride) ? underOverride : publication.databaseFile(null);
    }

    /** True for the file name of a REST eval set ({@code *-rest.json}). */
    public static boolean isRestEvalSet(Path evalSet) {
        return evalSet.getFileName().toString().endsWith(RestPublication.EVAL_SET_SUFFIX);
    }

    /**
     * The runtime of one REST eval set, from the endpoints file next to it. The database is looked up under
     * {@code dataRootOverride} (may be null) first, then under the data root the endpoints were published with.
     */
    public static RestEndpointRuntime forEvalSet(Path evalSet, Path dataRootOverride) {
        return new RestEndpointRuntime(RestPublication.ofEvalSet(evalSet), dataRootOverride);
    }

    @Override
    public Optional<String> unavailable(EvalSample sample) {
        try {
            databases.connection(databaseFile);
            return Optional.empty();
        } catch (SQLException e) {
            return Optional.of("database of the REST endpoints unavailable: " + e.getMessage());
        }
    }

    @Override
    public ExecutionOutcome execute(EvalSample sample, List<ToolCall> calls) {
        List<String> observations = new ArrayList<>();
        Object answer = null;
        Connection c;
        try {
            c = databases.connection(databaseFile);
        } catch (SQLException e) {
            return new ExecutionOutcome(null, List.of("database unavailable: " + e.getMessage()), false);
        }
        for (ToolCall call : calls) {
            EndpointSpec spec = endpoints.get(call.name());
            if (spec == null) {
                observations.add(call.name() + ": no such endpoint");
                return new ExecutionOutcome(null, observations, false);
            }
            try {
                EndpointResult result = executor.execute(c, spec, call.arguments() == null ? Map.of() : call.arguments());
                answer = AnswerShape.fold(result.rows());
                observations.add(call.name() + ": " + result.rowCount() + " rows" + (result.truncated() ? " (truncated)" : ""));
            } catch (InvalidArgumentException e) {
                observations.add(call.name() + ": 400 " + e.getMessage());
                return new ExecutionOutcome(null, observations, false);
            } catch (SQLException e) {
                observations.add(call.name() + ": 500 " + e.getMessage());
                return new ExecutionOutcome(null, observations, false);
            }
        }
        return new ExecutionOutcome(answer, observations, !calls.isEmpty());
    }

    @Override
    public boolean matchesGold(EvalSample sample, Object actual) {
        return AnswerComparator.same(sample.goldAnswer(), actual, OrderSensitivity.ordered(sample.query()));
    }

    @Override
    public void close() {
        databases.close();
    }
}
