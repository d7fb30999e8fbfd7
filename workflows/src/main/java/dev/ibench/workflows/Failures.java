package dev.ibench.workflows;

import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.TemporalFailure;

/** Reading Temporal failures: the application failure type an activity or child raised, and the message at the root of the chain. */
public final class Failures {
    private Failures() {}

    /** The {@link ApplicationFailure} type directly under {@code f}, or null when the cause is something else (e.g. a timeout). */
    public static String type(TemporalFailure f) {
        return f.getCause() instanceof ApplicationFailure af ? af.getType() : null;
    }

    /** The innermost message: an application failure's original message (without Temporal's decorations), else the exception's. */
    public static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null) {
            c = c.getCause();
        }
        return c instanceof ApplicationFailure af ? af.getOriginalMessage() : String.valueOf(c.getMessage());
    }
}
