package dev.ibench.workers.worker;

import io.temporal.common.converter.DataConverter;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkerInterceptorBase;

/**
 * A worker interceptor that keeps every activity failure small enough for Temporal to keep as the pending activity's
 * last failure: a full disk becomes its one explained message ({@link DiskFullFailures}); any other failure over
 * Temporal's size limit loses its stack frames but keeps its chain of class names and messages ({@link FramelessFailures}).
 */
public final class CompactActivityFailures extends WorkerInterceptorBase {
    private final DataConverter converter;

    /** @param converter the client's data converter, which turns the thrown exception into the failure sent */
    public CompactActivityFailures(DataConverter converter) {
        this.converter = converter;
    }

    @Override
    public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
        return new ActivityInboundCallsInterceptorBase(next) {
            @Override
            public ActivityOutput execute(ActivityInput input) {
                try {
                    return super.execute(input);
                } catch (RuntimeException e) {
                    throw compact(e);
                }
            }
        };
    }

    RuntimeException compact(RuntimeException e) {
        RuntimeException diskFull = DiskFullFailures.compact(e);
        return diskFull != e ? diskFull : FramelessFailures.fitted(e, converter);
    }
}
