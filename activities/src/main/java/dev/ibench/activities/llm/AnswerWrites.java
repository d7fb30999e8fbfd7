package dev.ibench.activities.llm;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/** How the gateway learns whether a caller's {@code answerWrites} consumer ran an answer's writes at once. */
final class AnswerWrites {
    private AnswerWrites() {}

    /**
     * Hands {@code write} to {@code writes}; true when it ran to its end before {@code writes} returned: a consumer that
     * runs the writes at once (as {@code Runnable::run} does, {@code model check}) has stored the answer, so the gateway
     * lets it go as after its own writes, instead of keeping it until a {@link ModelGateway#stored} that such a caller never sends.
     * A consumer that keeps the writes for later (a caller's transaction) leaves the answer held until {@link ModelGateway#stored}.
     * A write that fails inside the consumer throws out of it, and the answer stays held for the retry.
     */
    static boolean ranAtOnce(Consumer<Runnable> writes, Runnable write) {
        AtomicBoolean ran = new AtomicBoolean();
        writes.accept(() -> {
            write.run();
            ran.set(true);
        });
        return ran.get();
    }
}
