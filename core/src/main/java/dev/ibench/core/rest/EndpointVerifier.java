package dev.ibench.core.rest;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** Execute and judge: runs a candidate endpoint with its arguments on the real database and compares with the gold rows. */
public final class EndpointVerifier {
    private final EndpointExecutor executor;

    public EndpointVerifier(EndpointExecutor executor) {
        this.executor = executor;
    }

    public EndpointVerification verify(Connection readOnly, GeneratedEndpoint candidate, List<List<Object>> goldRows) {
        EndpointSpec spec = candidate.spec();
        try {
            ReadOnlyStatementGuard.check(spec.sql());
        } catch (SQLException e) {
            return new EndpointVerification(candidate, null, null, "endpoint_not_read_only", e.getMessage());
        }
        EndpointResult result;
        try {
            result = executor.execute(readOnly, spec, candidate.arguments());
        } catch (InvalidArgumentException e) {
            return new EndpointVerification(candidate, null, null, "endpoint_bad_arguments", e.getMessage());
        } catch (SQLException e) {
            return new EndpointVerification(candidate, null, null, "endpoint_error", e.getMessage());
        }
        GeneratedEndpoint withColumns = new GeneratedEndpoint(spec.withResponseColumns(result.columns()), candidate.arguments());
        JudgeVerdict verdict = DeterministicJudge.judge(goldRows, result, spec.response().ordered());
        return new EndpointVerification(withColumns, result, verdict, verdict.match() ? null : "answer_mismatch", verdict.rationale());
    }
}
