package dev.ibench.core.rest;

import dev.ibench.core.runtime.AnswerComparator;
import java.util.List;

/**
 * Compares an endpoint's rows with the gold SQL's rows using the builder's normalisation
 * ({@link AnswerComparator}: numbers within 1e-6, order only when the SQL orders). A truncated response never
 * matches. This is the first judge; an LLM judge (seed appendix E.2.2) is only for results whose format differs,
 * which cannot happen for endpoints that run SQL templates.
 */
public final class DeterministicJudge {
    public static final String NAME = "deterministic";

    private DeterministicJudge() {}

    public static JudgeVerdict judge(List<List<Object>> goldRows, EndpointResult result, boolean ordered) {
        if (result.truncated()) return new JudgeVerdict(false, NAME, "endpoint result was truncated at " + result.rowCount() + " rows");
        if (goldRows.size() != result.rows().size()) {
            return new JudgeVerdict(false, NAME, "row count differs: gold " + goldRows.size() + ", endpoint " + result.rows().size());
        }
        if (!AnswerComparator.sameRows(goldRows, result.rows(), ordered)) {
            return new JudgeVerdict(false, NAME, "rows differ" + (ordered ? " (ordered comparison)" : " (as multisets)"));
        }
        return new JudgeVerdict(true, NAME, "same " + goldRows.size() + " rows" + (ordered ? " in the same order" : ""));
    }
}
