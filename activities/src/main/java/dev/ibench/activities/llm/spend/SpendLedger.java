package dev.ibench.activities.llm.spend;

import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;

/**
 * Where a {@link ModelGateway} writes what every attempt spent, and whom it asks before spending more.
 * {@link #admit} runs before each provider attempt; it throws {@link ModelCallException} of kind
 * {@link ErrorKind#BUDGET_EXHAUSTED} when the account's budget is reached, so the request is never sent.
 */
public interface SpendLedger {
    SpendLedger NONE = new SpendLedger() {
        @Override
        public void record(SpendEntry entry) {}
    };

    void record(SpendEntry entry);

    /** Refuses a request of {@code account} (for {@code cellId}, sample and trial) whose budget is reached. */
    default void admit(SpendAccount account, String cellId, String sampleId, int trial) {}

    /** Whether {@link #admit} may refuse a request of {@code account} (it has a budget), so its spend must be recorded at once. */
    default boolean budgeted(SpendAccount account) {
        return false;
    }
}
