package dev.ibench.workers.worker;

import io.temporal.client.ActivityCompletionException;
import io.temporal.common.converter.DataConverter;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.TemporalFailure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * An activity failure too large for Temporal to keep, rewritten without its stack frames: the same chain of class names
 * (as {@link ApplicationFailure} types) and messages, each message cut to a bounded length, so that the server keeps it
 * as the pending activity's last failure instead of replacing it by {@code Failure exceeds size limit.}.
 *
 * <p>Temporal's history service keeps a retrying activity's last failure only up to
 * {@code limit.mutableStateActivityFailureSize.error} (4 KiB by default) of its serialized {@code Failure}; over that it
 * stores a server failure reading {@code Failure exceeds size limit.} (its cause cut to the 2 KiB warning limit). A
 * Java exception chain with its frames (a JDBC driver, a pool, the store, Temporal's executor) is well over that.
 *
 * <p>Retrying is decided exactly as before: a failure that was an {@link ApplicationFailure} keeps its type,
 * non-retryable flag, next retry delay, category and details; any other exception becomes an application failure of type
 * its class name, retryable, which is what Temporal's converter makes of it unchanged (so a retry policy's
 * non-retryable types still match). Cancellations and Temporal's own failures pass unchanged.
 */
final class FramelessFailures {
    /** Temporal's default {@code limit.mutableStateActivityFailureSize.error}: a larger failure is not kept. */
    static final int SERVER_LIMIT = 4 * 1024;
    /** What a rewritten failure aims at: Temporal's warning limit, so it is kept whole with room to spare. */
    static final int TARGET = 2 * 1024;
    /** Per-message lengths tried in turn until the failure fits {@link #TARGET}. */
    private static final int[] MESSAGE_LENGTHS = {600, 300, 120, 40};
    /** Longest chain kept: the outermost ones and the root cause; the middle is left out and counted. */
    private static final int MAX_LEVELS = 6;

    private FramelessFailures() {}

    /** {@code e} itself when it fits Temporal's limit (or must not change), else its frameless rewrite. */
    static RuntimeException fitted(RuntimeException e, DataConverter converter) {
        if (e instanceof ActivityCompletionException || (e instanceof TemporalFailure && !(e instanceof ApplicationFailure))) {
            return e;
        }
        if (size(e, converter) <= SERVER_LIMIT) {
            return e;
        }
        ApplicationFailure rewritten = null;
        for (int length : MESSAGE_LENGTHS) {
            rewritten = frameless(e, length, true);
            if (size(rewritten, converter) <= TARGET) {
                return rewritten;
            }
        }
        ApplicationFailure withoutDetails = frameless(e, MESSAGE_LENGTHS[MESSAGE_LENGTHS.length - 1], false);
        return size(withoutDetails, converter) < size(rewritten, converter) ? withoutDetails : rewritten;
    }

    /** The serialized size of the failure Temporal's worker would send for {@code e}. */
    static int size(Throwable e, DataConverter converter) {
        return converter.exceptionToFailure(e).getSerializedSize();
    }

    private static ApplicationFailure frameless(Throwable e, int messageLength, boolean keepDetails) {
        List<Throwable> chain = chain(e);
        int dropped = Math.max(0, chain.size() - MAX_LEVELS);
        if (dropped > 0) {
            List<Throwable> kept = new ArrayList<>(chain.subList(0, MAX_LEVELS - 1));
            kept.add(chain.get(chain.size() - 1));
            chain = kept;
        }
        ApplicationFailure cause = null;
        for (int i = chain.size() - 1; i >= 0; i--) {
            String message = cut(message(chain.get(i)), messageLength);
            if (dropped > 0 && i == MAX_LEVELS - 2) {
                message += " [" + dropped + " causes left out]";
            }
            cause = level(chain.get(i), message, cause, keepDetails);
        }
        return cause;
    }

    private static ApplicationFailure level(Throwable t, String message, ApplicationFailure cause, boolean keepDetails) {
        ApplicationFailure.Builder builder;
        if (t instanceof ApplicationFailure a) {
            builder = ApplicationFailure.newBuilder(a);
            if (!keepDetails) {
                builder.setDetails();
            }
        } else {
            builder = ApplicationFailure.newBuilder().setType(t.getClass().getName()).setNonRetryable(false);
        }
        ApplicationFailure level = builder.setMessage(message).setCause(cause).build();
        level.setStackTrace(new StackTraceElement[0]);
        return level;
    }

    private static List<Throwable> chain(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    private static String message(Throwable t) {
        String message = t instanceof ApplicationFailure a ? a.getOriginalMessage() : t.getMessage();
        return message == null ? "" : message;
    }

    /** The message's head, and how much was cut. */
    static String cut(String message, int length) {
        if (message.length() <= length) {
            return message;
        }
        return message.substring(0, length) + "... [" + (message.length() - length) + " more characters]";
    }
}
