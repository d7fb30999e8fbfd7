package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.SampleOutcome;

/**
 * A cell's running counts over all its runs: items settled, parsed, completed, infrastructure errors and rejections, and
 * what its model calls paid (tokens, cost in USD while any paid call had a price, calls whose tokens are unknown). Read
 * from a run's {@link CellCursor} and written back into the next one.
 */
final class CellCounts {
    int done;
    int parsed;
    int completed;
    int infraErrors;
    int rejected;
    long promptTokens;
    long completionTokens;
    Double costUsd;
    /** Paid calls whose tokens are unknown (no usage block): in neither token count, shown apart. */
    long tokensUnknownCalls;

    CellCounts(CellCursor cursor) {
        done = cursor.done();
        parsed = cursor.parsed();
        completed = cursor.completed();
        infraErrors = cursor.infraErrors();
        rejected = cursor.rejected();
        promptTokens = cursor.promptTokens();
        completionTokens = cursor.completionTokens();
        costUsd = cursor.costUsd();
        tokensUnknownCalls = cursor.tokensUnknownCalls();
    }

    CellCursor cursor(int nextIndex, boolean paused) {
        return new CellCursor(nextIndex, done, parsed, completed, infraErrors, paused, rejected,
                promptTokens, completionTokens, costUsd, tokensUnknownCalls);
    }

    /** One settled item. */
    void count(SampleOutcome outcome) {
        done++;
        if (outcome.infraError()) {
            infraErrors++;
        }
        if (outcome.rejected()) {
            rejected++;
        }
        if (outcome.parsed()) {
            parsed++;
        }
        if (outcome.completed()) {
            completed++;
        }
    }

    /** Items a scoring activity settled together. */
    void scored(int scored, int parsedNow, int completedNow) {
        done += scored;
        parsed += parsedNow;
        completed += completedNow;
    }

    void spent(long prompt, long completion, Double cost, long unknownCalls) {
        promptTokens += prompt;
        completionTokens += completion;
        tokensUnknownCalls += unknownCalls;
        if (cost != null) {
            costUsd = (costUsd == null ? 0.0 : costUsd) + cost;
        }
    }
}
