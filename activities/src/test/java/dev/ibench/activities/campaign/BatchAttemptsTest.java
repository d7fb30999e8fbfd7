package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.client.CallCancellation;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, fix 3: a later attempt of a model-call batch on the same worker stops the earlier one and sends nothing until
 * the earlier one's requests have ended, so the batch's requests in flight stay within its window across attempts.
 * The earlier attempt here has one "request" in flight (a thread blocked until its scope aborts it, as OkHttp's cancel
 * ends a blocked read); it takes 200 ms after the abort to end (writing its answers).
 */
class BatchAttemptsTest {

    @Test
    void aLaterAttemptStopsTheEarlierOneAndWaitsUntilItsCallsEnded() throws Exception {
        BatchAttempts attempts = new BatchAttempts();
        AtomicBoolean earlierStop = new AtomicBoolean();
        Set<CallCancellation.Scope> earlierScopes = ConcurrentHashMap.newKeySet();
        AtomicInteger inFlight = new AtomicInteger();
        CountDownLatch sent = new CountDownLatch(1);
        AtomicBoolean earlierWritesDone = new AtomicBoolean();
        BatchAttempts.Taken earlier = attempts.take("wf/run/7", earlierStop, earlierScopes);
        assertThat(earlier.stoppedAnEarlierOne()).isFalse();
        Thread earlierAttempt = new Thread(() -> {
            try (CallCancellation.Scope scope = CallCancellation.open()) {
                earlierScopes.add(scope);
                CountDownLatch aborted = new CountDownLatch(1);
                try (CallCancellation.Registration request = CallCancellation.onCancel(aborted::countDown)) {
                    inFlight.incrementAndGet();
                    sent.countDown();
                    aborted.await(30, TimeUnit.SECONDS);
                    inFlight.decrementAndGet();
                }
                Thread.sleep(200);
                earlierWritesDone.set(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                attempts.ended("wf/run/7", earlier.attempt());
            }
        });
        earlierAttempt.start();
        assertThat(sent.await(10, TimeUnit.SECONDS)).isTrue();

        long start = System.nanoTime();
        BatchAttempts.Taken later = attempts.take("wf/run/7", new AtomicBoolean(), ConcurrentHashMap.newKeySet());
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;

        assertThat(later.stoppedAnEarlierOne()).isTrue();
        assertThat(earlierStop).as("the earlier attempt starts no further item").isTrue();
        assertThat(earlier.attempt().superseded()).as("and sends none of the items waiting for a place").isTrue();
        assertThat(inFlight.get()).as("its request was aborted before the later attempt goes on").isZero();
        assertThat(earlierWritesDone).as("the later attempt waited for it to end (its writes done)").isTrue();
        assertThat(waitedMillis).as("aborted at once, not waited out").isBetween(150L, 10_000L);
        assertThat(later.attempt().superseded()).isFalse();
        earlierAttempt.join();
    }

    @Test
    void attemptsOfOtherActivitiesAreLeftAlone() {
        BatchAttempts attempts = new BatchAttempts();
        AtomicBoolean stop = new AtomicBoolean();
        BatchAttempts.Taken first = attempts.take("wf/run/7", stop, ConcurrentHashMap.newKeySet());
        BatchAttempts.Taken other = attempts.take("wf/run/9", new AtomicBoolean(), ConcurrentHashMap.newKeySet());
        assertThat(other.stoppedAnEarlierOne()).isFalse();
        assertThat(stop).isFalse();
        attempts.ended("wf/run/7", first.attempt());
        assertThat(attempts.take("wf/run/7", new AtomicBoolean(), ConcurrentHashMap.newKeySet()).stoppedAnEarlierOne())
                .as("an ended attempt is not stopped again").isFalse();
    }
}
