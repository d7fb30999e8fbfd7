package dev.ibench.workers.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStoreException;
import dev.ibench.activities.store.StoreLocation;
import io.temporal.api.failure.v1.Failure;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.GlobalDataConverter;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A failure over Temporal's 4 KiB limit for a pending activity's last failure ({@code
 * limit.mutableStateActivityFailureSize.error}; the server replaces a larger one by "Failure exceeds size limit.") loses
 * its stack frames, keeps each level's class name and message, and is retried exactly as before.
 */
class FramelessFailuresTest {
    private static final DataConverter CONVERTER = GlobalDataConverter.get();
    /** A real PostgreSQL outage: the results store opened on a loopback port where nothing listens. */
    private static ResultsStoreException outage;

    @BeforeAll
    static void aStoreWhoseServerIsDown() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        StoreLocation location = StoreLocation.parse("jdbc:postgresql://127.0.0.1:" + closedPort + "/postgres?user=ibench", "IBENCH_STORE");
        outage = catchThrowableOfType(() -> ResultsDatabase.open(location, "pw"), ResultsStoreException.class);
    }

    @Test
    void aPostgresOutageKeepsItsChainOfMessagesWithoutFrames() {
        RuntimeException thrown = new IllegalStateException("activity failed", outage);
        Failure unchanged = CONVERTER.exceptionToFailure(thrown);
        assertThat(unchanged.getSerializedSize()).as("the real chain with its frames: over Temporal's limit").isGreaterThan(4096);

        RuntimeException fitted = FramelessFailures.fitted(thrown, CONVERTER);

        Failure sent = CONVERTER.exceptionToFailure(fitted);
        assertThat(sent.getSerializedSize()).as("kept whole by the server: under its 2 KiB warning limit").isLessThanOrEqualTo(2048);
        List<Failure> sentChain = levels(sent);
        List<Throwable> thrownChain = new ArrayList<>();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            thrownChain.add(t);
        }
        assertThat(sentChain).hasSameSizeAs(thrownChain);
        for (int i = 0; i < thrownChain.size(); i++) {
            Throwable t = thrownChain.get(i);
            Failure f = sentChain.get(i);
            assertThat(f.getApplicationFailureInfo().getType()).isEqualTo(t.getClass().getName());
            assertThat(f.getApplicationFailureInfo().getNonRetryable()).isFalse();
            assertThat(f.getStackTrace()).isEmpty();
            assertThat(f.getMessage()).isEqualTo(FramelessFailures.cut(String.valueOf(t.getMessage()), 600));
        }
        assertThat(sentChain.get(sentChain.size() - 1).getApplicationFailureInfo().getType())
                .as("the root cause of an outage: a refused connection").isEqualTo(ConnectException.class.getName());
        assertThat(sentChain.get(1).getMessage()).contains("127.0.0.1").contains("cannot connect");
    }

    @Test
    void aNonRetryableFailureStaysNonRetryableWithItsTypeDelayAndDetails() {
        ApplicationFailure rejected = ApplicationFailure.newBuilder().setMessage("bad request: " + "x".repeat(5000))
                .setType("SampleRejected").setNonRetryable(true).setNextRetryDelay(Duration.ofSeconds(7))
                .setDetails("detail-1").setCause(outage).build();

        ApplicationFailure fitted = (ApplicationFailure) FramelessFailures.fitted(rejected, CONVERTER);

        assertThat(fitted.getType()).isEqualTo("SampleRejected");
        assertThat(fitted.isNonRetryable()).isTrue();
        assertThat(fitted.getNextRetryDelay()).isEqualTo(Duration.ofSeconds(7));
        assertThat(fitted.getDetails().get(String.class)).isEqualTo("detail-1");
        assertThat(fitted.getOriginalMessage()).startsWith("bad request: xxx").endsWith("more characters]").hasSizeLessThan(700);
        assertThat(fitted.getCause()).isInstanceOf(ApplicationFailure.class);
        assertThat(((ApplicationFailure) fitted.getCause()).getType()).isEqualTo(ResultsStoreException.class.getName());
        assertThat(FramelessFailures.size(fitted, CONVERTER)).isLessThanOrEqualTo(2048);
    }

    @Test
    void aVeryLongChainKeepsItsOutermostLevelsAndRootCause() {
        RuntimeException chain = new IllegalStateException("root: " + "r".repeat(3000));
        for (int i = 0; i < 30; i++) {
            chain = new RuntimeException("level " + i + " " + "m".repeat(400), chain);
        }

        ApplicationFailure fitted = (ApplicationFailure) FramelessFailures.fitted(chain, CONVERTER);

        assertThat(FramelessFailures.size(fitted, CONVERTER)).isLessThanOrEqualTo(2048);
        List<Failure> levels = levels(CONVERTER.exceptionToFailure(fitted));
        assertThat(levels).hasSize(6);
        assertThat(levels.get(0).getMessage()).startsWith("level 29 ");
        assertThat(levels.get(4).getMessage()).startsWith("level 25 ").endsWith("[25 causes left out]");
        assertThat(levels.get(5).getApplicationFailureInfo().getType()).isEqualTo(IllegalStateException.class.getName());
        assertThat(levels.get(5).getMessage()).startsWith("root: rrr");
    }

    @Test
    void smallFailuresAndTemporalsOwnPassUnchanged() {
        RuntimeException small = new ResultsStoreException("store: cannot write: [SQLITE_BUSY] database is locked",
                new SQLException("[SQLITE_BUSY] database is locked", null, 5));
        small.setStackTrace(new StackTraceElement[0]);
        small.getCause().setStackTrace(new StackTraceElement[0]);
        assertThat(FramelessFailures.fitted(small, CONVERTER)).isSameAs(small);
        CanceledFailure canceled = new CanceledFailure("canceled " + "c".repeat(5000));
        assertThat(FramelessFailures.fitted(canceled, CONVERTER)).isSameAs(canceled);
    }

    private static List<Failure> levels(Failure f) {
        List<Failure> levels = new ArrayList<>();
        for (Failure l = f; ; l = l.getCause()) {
            levels.add(l);
            if (!l.hasCause()) {
                return levels;
            }
        }
    }
}
