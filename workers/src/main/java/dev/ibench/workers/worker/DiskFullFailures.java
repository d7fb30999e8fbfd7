package dev.ibench.workers.worker;

import dev.ibench.activities.store.DiskFull;
import io.temporal.failure.ApplicationFailure;

/**
 * Used by {@link CompactActivityFailures}: every activity whose results store's disk is full ({@link DiskFull}) fails with a small, retryable
 * {@link ApplicationFailure} of type {@value #TYPE} whose message is the one that names the file and the free space,
 * without the exception's causes and stack frames. Temporal keeps a pending activity's last failure only up to a few
 * kilobytes; a JDBC exception chain with its stack traces is larger, and the server then shows (and the cell records
 * as the item's infra error) only "Failure exceeds size limit.". The failure stays retryable: once space is freed, the
 * retried activity writes and the campaign goes on.
 */
public final class DiskFullFailures {
    /** The failure type of an activity that met a full disk. */
    public static final String TYPE = "ResultsStoreDiskFull";

    private DiskFullFailures() {}

    /** {@code e} itself, or, when it comes from a full disk, the small retryable failure that says so. */
    static RuntimeException compact(RuntimeException e) {
        if (!DiskFull.is(e)) {
            return e;
        }
        ApplicationFailure failure = ApplicationFailure.newFailure(explained(e), TYPE);
        failure.setStackTrace(new StackTraceElement[0]);
        return failure;
    }

    /** The first message in the chain that {@link DiskFull#explain} wrote, else the outermost one. */
    private static String explained(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = t instanceof ApplicationFailure a ? a.getOriginalMessage() : t.getMessage();
            if (message != null && message.contains(DiskFull.EXPLAINED)) {
                return message;
            }
        }
        return String.valueOf(e.getMessage());
    }
}
