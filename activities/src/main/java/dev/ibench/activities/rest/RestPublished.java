package dev.ibench.activities.rest;

import java.util.List;
import java.util.Map;

/**
 * What one database's generation published: question counts in the coverage.json sense ({@code inScope}: some
 * attempt produced a valid endpoint spec), endpoints per generator ({@code producedBy}), verified questions per
 * generator ({@code verifiedBy}), reasons of the questions left out, model attempt and LLM judge counts, and the
 * files written.
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
        List<String> files) {

    public RestPublished withFiles(List<String> written) {
        return new RestPublished(dbId, questions, inScope, verified, endpoints, producedBy, verifiedBy, byReason, mergedSameTemplate,
                nearDuplicatesDropped, modelAttempts, llmJudgeCalls, written);
    }
}
