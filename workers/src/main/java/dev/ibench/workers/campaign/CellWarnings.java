package dev.ibench.workers.campaign;

import dev.ibench.activities.llm.IgnoredRequestParts;
import dev.ibench.activities.store.ErrorCount;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.workers.IbenchHome;
import java.io.PrintStream;
import java.util.List;

/**
 * The warnings a cell's answers recorded in the results store ({@link IgnoredRequestParts}: the server ignored the
 * profile's constrained output or native tools), as {@code campaign status} shows them. Status still works when the
 * store cannot be read: it then says so once and shows no warnings.
 */
public final class CellWarnings {
    private final ResultsStore store;

    private CellWarnings(ResultsStore store) {
        this.store = store;
    }

    public static CellWarnings of(ResultsStore store) {
        return new CellWarnings(store);
    }

    /** The warnings in the store this process is configured with ({@link StoreSetting}); none if it cannot be opened. */
    public static CellWarnings ofConfiguredStore(PrintStream notes) {
        try {
            return new CellWarnings(CampaignServices.reading(IbenchHome.resolve()).store());
        } catch (RuntimeException e) {
            notes.println("note: cell warnings not shown, the results store cannot be opened: " + e.getMessage());
            return new CellWarnings(null);
        }
    }

    public List<ErrorCount> of(String cellId) {
        if (store == null) {
            return List.of();
        }
        try {
            return store.errorCounts(cellId, IgnoredRequestParts.KINDS);
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
