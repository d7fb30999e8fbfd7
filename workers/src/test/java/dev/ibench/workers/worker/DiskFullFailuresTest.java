package dev.ibench.workers.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.DiskFull;
import dev.ibench.activities.store.ResultsStoreException;
import dev.ibench.activities.store.StoreLocation;
import io.temporal.api.failure.v1.Failure;
import io.temporal.common.converter.GlobalDataConverter;
import io.temporal.failure.ApplicationFailure;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk fails an activity with a small retryable failure naming the file: what Temporal keeps as the pending
 * activity's last failure (it replaces one over a few kilobytes by "Failure exceeds size limit."); other failures pass
 * unchanged.
 */
class DiskFullFailuresTest {
    @TempDir Path dir;

    @Test
    void aFullDiskBecomesASmallRetryableFailureNamingTheFile() {
        Path file = dir.resolve("results.db");
        SQLException full = new SQLException("[SQLITE_FULL] Insertion failed because database is full (database or disk is full)", null, 13);
        RuntimeException thrown = new IllegalStateException("activity failed",
                new ResultsStoreException("store: cannot write: " + DiskFull.explain(StoreLocation.sqliteFile(file, "test"), full), full));
        thrown.setStackTrace(deepStack());

        RuntimeException compact = DiskFullFailures.compact(thrown);

        assertThat(compact).isInstanceOf(ApplicationFailure.class);
        ApplicationFailure failure = (ApplicationFailure) compact;
        assertThat(failure.getType()).isEqualTo(DiskFullFailures.TYPE);
        assertThat(failure.isNonRetryable()).as("retryable: the items wait").isFalse();
        assertThat(failure.getOriginalMessage()).startsWith("store: cannot write: the disk holding " + file.toAbsolutePath() + " is full (")
                .contains("bytes free in " + dir.toAbsolutePath());
        assertThat(failure.getCause()).isNull();
        Failure sent = GlobalDataConverter.get().exceptionToFailure(failure);
        Failure unchanged = GlobalDataConverter.get().exceptionToFailure(thrown);
        assertThat(unchanged.getSerializedSize()).as("the chain as it was: over Temporal's 4 KB").isGreaterThan(4096);
        assertThat(sent.getSerializedSize()).as("what Temporal keeps: under 4 KB").isLessThan(2048);
    }

    @Test
    void otherFailuresPassUnchanged() {
        RuntimeException locked = new ResultsStoreException("store: cannot write: [SQLITE_BUSY] database is locked",
                new SQLException("[SQLITE_BUSY] database is locked", null, 5));
        assertThat(DiskFullFailures.compact(locked)).isSameAs(locked);
        ApplicationFailure rejected = ApplicationFailure.newNonRetryableFailure("400: context too long", "SampleRejected");
        assertThat(DiskFullFailures.compact(rejected)).isSameAs(rejected);
    }

    /** A stack as deep as a worker's (JDBC pool, store, activity, Temporal's executor): 60 frames. */
    private static StackTraceElement[] deepStack() {
        StackTraceElement[] stack = new StackTraceElement[60];
        for (int i = 0; i < stack.length; i++) {
            stack[i] = new StackTraceElement("io.temporal.internal.activity.SomeExecutor" + i, "execute", "SomeExecutor.java", 100 + i);
        }
        return stack;
    }
}
