package dev.ibench.activities.llm.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The response cache lives in the results store, on SQLite and on PostgreSQL alike. */
@ExtendWith(LocalPostgresExtension.class)
class ResponseCacheStoreTest {
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void aStoredResponseIsFoundAgainCountedAndReplacedByKey(StoreBackend backend, LocalPostgres pg) {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ResponseCache cache = new ResponseCache(db);
            assertThat(cache.lookup("k1")).isEmpty();
            cache.store("k1", "http://127.0.0.1:1/v1", "m", new ModelResponse("first", List.of(), "stop", 10, 2, 5_000_000_000L));
            cache.store("k2", "http://127.0.0.1:1/v1", "m", new ModelResponse("other", List.of(), "stop", 1, 1, 1));
            assertThat(cache.lookup("k1")).get().extracting(ModelResponse::text, ModelResponse::latencyMillis)
                    .containsExactly("first", 5_000_000_000L);
            assertThat(cache.lookup("k1")).isPresent();
            assertThat(cache.totalHits()).isEqualTo(2);
            cache.store("k1", "http://127.0.0.1:1/v1", "m", new ModelResponse("second", List.of(), "stop", 10, 3, 7));
            assertThat(cache.size()).isEqualTo(2);
            assertThat(cache.totalHits()).as("a replaced entry starts counting again").isZero();
            assertThat(cache.lookup("k1")).get().extracting(ModelResponse::text).isEqualTo("second");
        }
    }
}
