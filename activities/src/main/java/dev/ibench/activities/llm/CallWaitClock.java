package dev.ibench.activities.llm;

import dev.ibench.activities.llm.admission.EndpointAdmission;

/** What one gateway call waited for so far, over its attempts ({@link CallWaits}); used by the call's own thread only. */
final class CallWaitClock implements EndpointAdmission.Waits {
    long admit;
    long concurrency;
    long pace;
    long backoff;

    @Override
    public void waitedForConcurrency(long nanos) {
        concurrency += nanos;
    }

    @Override
    public void waitedForPace(long nanos) {
        pace += nanos;
    }

    CallWaits done() {
        return new CallWaits(admit, concurrency, pace, backoff);
    }
}
