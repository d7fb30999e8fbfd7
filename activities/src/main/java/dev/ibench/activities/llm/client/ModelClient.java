package dev.ibench.activities.llm.client;

import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.failure.ModelCallException;
import java.util.Optional;

/**
 * A model provider: one implementation per provider ({@link OpenAiClient}, {@link GgufClient}) and the
 * test tools ({@link OracleClient}, {@link ReplayClient}). A call either returns a response or throws a
 * classified {@link ModelCallException}; retries, caching and concurrency limits live in {@link ModelGateway}.
 */
public interface ModelClient extends AutoCloseable {
    /** Identifies the endpoint for limits, cache keys and error messages (never holds credentials). */
    String endpoint();

    ModelResponse complete(ModelRequest request);

    /**
     * The request's prompt measured with this model's tokenizer against its context, without generating; empty when the
     * provider cannot tell before the call (remote endpoints, test tools).
     */
    default Optional<PromptFit> measure(ModelRequest request) {
        return Optional.empty();
    }

    /** False for test tools whose answers must not be mixed into the response cache. */
    default boolean cacheable() {
        return true;
    }

    @Override
    default void close() {}
}
