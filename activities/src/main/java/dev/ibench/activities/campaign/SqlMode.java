package dev.ibench.activities.campaign;

import dev.ibench.activities.sql.SqlBaselineDatabases;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Cells of mode {@code sql}, the SQL baseline (seed 000 Table 1, last column): the model is shown the sample's database
 * schema, the evidence and the question, writes one query, and the query's result is compared with the gold answer
 * ({@code SqlBaselineJudge}). The cell workflow runs them like direct cells.
 */
public final class SqlMode {
    public static final String MODE = "sql";

    private SqlMode() {}

    static Function<EvalSample, RenderedPrompt> prompts(PromptRenderer renderer, SqlBaselineDatabases databases) {
        if (databases == null) {
            throw new IllegalStateException("this worker has no databases for sql cells");
        }
        return sample -> {
            try {
                return renderer.renderSql(sample, databases.schema(sample), databases.evidence(sample).orElse(""));
            } catch (SQLException e) {
                throw new IllegalStateException("schema of sample " + sample.sampleId() + " unavailable: " + e.getMessage(), e);
            }
        };
    }

    /** The sample as the oracle (a test tool) sees it in a sql cell: its answer is the gold SQL. */
    static EvalSample goldQueryAsAnswer(EvalSample s) {
        return new EvalSample(s.sampleId(), s.datasetName(), s.input(), s.query(), s.goldAnswer(),
                List.of(new ToolCall("sql", Map.of("query", s.query() == null ? "" : s.query()), null)), s.initializationStep(),
                s.tools(), s.keyValuesAndDescriptions());
    }
}
