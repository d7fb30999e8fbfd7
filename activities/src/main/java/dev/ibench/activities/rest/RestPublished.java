package dev.ibench.activities.rest;

import java.util.List;
import java.util.Map;

/**
 * What one database's generation published: question counts in the coverage.json sense ({@code inScope}: some
 * attempt produced a valid endpoint spec), endpoints per generator ({@code producedBy}), verified questions per
 * generator ({@code verifiedBy}), reasons of the questions left out, model attempt and LLM judge counts, and the
 * files written: paths in {@code outDir} for a job that reads its dataset by path, file names for a job from artifacts,
 * whose files are in the artifact store under the references of {@code artifacts} (file name to {@code sha256:...};
 * null for a job by path and in results recorded before artifacts).
 */
public record RestPublished(
        String dbId,
        int questions,
        int inScope,
        int verified,
        int endpoints,
        Map<String, Integer> producedBy,
        Map<String, Integer> verifiedBy,
        Map<String, Integer> byReason,
        int mergedSameTemplate,
        int nearDuplicatesDropped,
        int modelAttempts,
        int llmJudgeCalls,
        List<String> files,
        Map<String, String> artifacts) {

    public RestPublished withFiles(List<String> written) {
        return new RestPublished(dbId, questions, inScope, verified, endpoints, producedBy, verifiedBy, byReason, mergedSameTemplate,
                nearDuplicatesDropped, modelAttempts, llmJudgeCalls, written, artifacts);
    }

    /** The files as stored artifacts (name to reference); {@link #files()} becomes their names. */
    public RestPublished withArtifacts(Map<String, String> stored) {
        return new RestPublished(dbId, questions, inScope, verified, endpoints, producedBy, verifiedBy, byReason, mergedSameTemplate,
                nearDuplicatesDropped, modelAttempts, llmJudgeCalls, List.copyOf(stored.keySet()), stored);
    }
}
