package dev.ibench.core.runtime;

import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.tools.BuildMode;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The in-process SLOT/SEL tool runtime. Samples name their database by a path relative to the data root
 * ({@code initialization_step.database_path}); absolute paths are used as they are. Starting tables are
 * built once per (database, join spec) and shared by every session.
 */
public final class ToolRuntime implements SequenceExecutor, AutoCloseable {
    private final Path dataRoot;
    private final StartingTables startingTables;
    private final Map<String, Operation> operations = new HashMap<>();
    private final ToolRouter router = new ToolRouter(ToolCatalog.of(BuildMode.EXTENDED));

    public ToolRuntime(Path dataRoot) {
        this(dataRoot, true);
    }

    /** {@code cacheJoins=false} rebuilds every starting table per session (for benchmarks only). */
    public ToolRuntime(Path dataRoot, boolean cacheJoins) {
        this.dataRoot = dataRoot;
        this.startingTables = new StartingTables(cacheJoins);
        for (Operation op : List.of(new FilterData(), new FilterDataAnyOf(), new SortData(), new GroupDataBy(), new AggregateData(),
                new RetrieveData(), new SelectUniqueValues(), new TransformData(), new Truncate(), new ComputeArithmetic(),
                new CombineValues(), new CombineResults(), new ComputeColumn(), new CombineColumns())) {
            operations.put(op.name(), op);
        }
    }

    /** The data root, overridable with the {@code IBENCH_DATA_ROOT} environment variable, else {@code data}. */
    public static Path defaultDataRoot() {
        String env = System.getenv("IBENCH_DATA_ROOT");
        return Path.of(env == null || env.isBlank() ? "data" : env);
    }

    public Path dataRoot() {
        return dataRoot;
    }

    public StartingTables startingTables() {
        return startingTables;
    }

    /** Resolves a sample's database path against the data root. */
    public Path databaseFile(String databasePath) {
        Path p = Path.of(databasePath);
        return p.isAbsolute() ? p : dataRoot.resolve(p);
    }

    /**
     * Opens a session with the sample's starting table(s) bound. Infrastructure problems (missing database,
     * broken join) are reported as {@link SessionUnavailableException}: they are not a model's fault.
     */
    public ToolSession open(EvalSample sample) throws SessionUnavailableException {
        return open(sample.initializationStep());
    }

    public ToolSession open(Map<String, Object> initializationStep) throws SessionUnavailableException {
        InitializationStep step;
        try {
            step = InitializationStep.fromMap(initializationStep);
        } catch (RuntimeException e) {
            throw new SessionUnavailableException("bad initialization_step: " + e.getMessage());
        }
        ToolSession session = new ToolSession(operations, router);
        Path db = databaseFile(step.databasePath());
        for (InitializationStep.JoinSpec spec : step.tables()) {
            try {
                session.bind(spec.label(), startingTables.load(db, spec));
            } catch (SQLException e) {
                throw new SessionUnavailableException("cannot build starting table '" + spec.label() + "' from " + db + ": " + e.getMessage());
            }
        }
        return session;
    }

    @Override
    public Optional<String> unavailable(EvalSample sample) {
        try {
            open(sample);
            return Optional.empty();
        } catch (SessionUnavailableException e) {
            return Optional.of(e.getMessage());
        }
    }

    @Override
    public ExecutionOutcome execute(EvalSample sample, List<ToolCall> calls) {
        ToolSession session;
        try {
            session = open(sample);
        } catch (SessionUnavailableException e) {
            return new ExecutionOutcome(null, List.of("Error: " + e.getMessage()), false);
        }
        List<String> observations = new ArrayList<>();
        boolean ok = true;
        Object answer = null;
        for (ToolCall call : calls) {
            Observation o = session.call(call);
            observations.add(o.text());
            ok &= o.ok();
            answer = o.ok() ? o.value() : null;
        }
        return new ExecutionOutcome(answer, observations, ok && !calls.isEmpty());
    }

    @Override
    public boolean matchesGold(EvalSample sample, Object actual) {
        if (actual instanceof Table || actual instanceof GroupedTable) return false;
        return AnswerComparator.same(sample.goldAnswer(), actual, OrderSensitivity.ordered(sample.query()));
    }

    @Override
    public void close() {
        startingTables.close();
    }
}
