package dev.ibench.activities.store;

import io.temporal.failure.ApplicationFailure;

/**
 * The failure of an activity whose campaign or cell this worker's results store does not hold. It is retryable, never
 * a verdict on the campaign: the worker may belong to another installation that shares the Temporal server (before
 * installations had their own task queues, or a worker started on the wrong store), and another attempt can reach a
 * worker of the campaign's own store. The campaign's retry policy still bounds how long it waits.
 */
public final class NotInStore {
    /** The failure type, for retry policies and logs. */
    public static final String TYPE = "NotInResultsStore";

    private NotInStore() {}

    public static ApplicationFailure campaign(ResultsStore store, String campaignId) {
        return failure(store, "campaign " + campaignId);
    }

    public static ApplicationFailure cell(ResultsStore store, String cellId) {
        return failure(store, "cell " + cellId);
    }

    private static ApplicationFailure failure(ResultsStore store, String what) {
        return ApplicationFailure.newFailure(what + " is not in the results store of this worker (" + store.database().description()
                + "); retried so a worker of the store that holds it takes it (is this worker on another installation's store?)", TYPE);
    }
}
