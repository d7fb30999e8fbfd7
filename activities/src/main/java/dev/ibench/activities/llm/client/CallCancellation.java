package dev.ibench.activities.llm.client;

import dev.ibench.activities.llm.failure.ErrorKind;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import okhttp3.Call;

/**
 * Lets another thread abort the HTTP requests a thread has in flight. An activity opens a {@link Scope} on its own
 * thread before it calls a model; {@link OpenAiClient} registers each OkHttp {@link Call} with the scope of its thread;
 * the activity's heartbeat thread, once the server reports the activity cancelled, calls {@link Scope#cancel()}, which
 * cancels the in-flight calls at once (OkHttp's {@code Call.cancel()}; a blocked socket read ignores interrupts) and
 * makes every later call of that thread fail as {@link ErrorKind#CANCELLED} before it is sent, so no retry goes out.
 * Requests made with another client (the JDK's {@code HttpClient} of the ReACT REST tools) register an abort action with
 * {@link #onCancel}.
 */
public final class CallCancellation {
    private static final ConcurrentMap<Thread, Scope> SCOPES = new ConcurrentHashMap<>();

    private CallCancellation() {}

    /** A scope for the current thread, closed when the activity's model work ends. */
    public static Scope open() {
        Scope scope = new Scope(Thread.currentThread());
        SCOPES.put(scope.owner, scope);
        return scope;
    }

    /** Whether the current thread's scope was cancelled. */
    static boolean cancelled() {
        Scope scope = SCOPES.get(Thread.currentThread());
        return scope != null && scope.cancelled;
    }

    /** Tracks a call of the current thread; a call made after cancellation is cancelled at once. */
    static void register(Call call) {
        track(call, call::cancel);
    }

    static void unregister(Call call) {
        untrack(call);
    }

    /**
     * Registers how to abort a request the current thread is about to wait for; closing the registration (when the
     * request ended) forgets it. Without a scope on this thread nothing can cancel it; within a cancelled scope the
     * abort runs at once.
     */
    public static Registration onCancel(Runnable abort) {
        Object key = new Object();
        track(key, abort);
        return () -> untrack(key);
    }

    private static void track(Object key, Runnable abort) {
        Scope scope = SCOPES.get(Thread.currentThread());
        if (scope != null) {
            scope.aborts.put(key, abort);
            if (scope.cancelled) {
                abort.run();
            }
        }
    }

    private static void untrack(Object key) {
        Scope scope = SCOPES.get(Thread.currentThread());
        if (scope != null) {
            scope.aborts.remove(key);
        }
    }

    /** An abort action registered with {@link #onCancel}; close it when the request ended. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** The in-flight calls of one thread. */
    public static final class Scope implements AutoCloseable {
        private final Thread owner;
        private final ConcurrentMap<Object, Runnable> aborts = new ConcurrentHashMap<>();
        private volatile boolean cancelled;

        private Scope(Thread owner) {
            this.owner = owner;
        }

        /** Aborts the owner's in-flight calls and refuses its later ones. Safe from any thread. */
        public void cancel() {
            cancelled = true;
            aborts.values().forEach(Runnable::run);
        }

        public boolean cancelled() {
            return cancelled;
        }

        @Override
        public void close() {
            SCOPES.remove(owner, this);
        }
    }
}
