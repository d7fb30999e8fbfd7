package dev.ibench.activities.llm.cache;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.core.json.Json;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Optional;

/**
 * Response cache in the results store (SQLite or PostgreSQL): table {@code llm_response_cache} keyed by
 * {@link CacheKey}, holding the raw response (text, native tool calls), token counts, latency, the time
 * it was stored and a hit counter. A retried or resumed step finds its answer here and never pays twice.
 * Thread-safe; the table comes with the results store's migrations.
 */
public final class ResponseCache implements AutoCloseable {
    private final ResultsDatabase database;
    private final boolean ownsDatabase;

    /** A cache in a store someone else opened and closes. */
    public ResponseCache(ResultsDatabase database) {
        this(database, false);
    }

    /** A cache in its own SQLite file (opened here, closed by {@link #close()}). */
    public ResponseCache(Path file) {
        this(open(file), true);
    }

    private ResponseCache(ResultsDatabase database, boolean ownsDatabase) {
        this.database = database;
        this.ownsDatabase = ownsDatabase;
    }

    private static ResultsDatabase open(Path file) {
        try {
            return ResultsDatabase.open(file);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot open response cache " + file + ": " + e.getMessage(), e);
        }
    }

    /** The stored response for {@code key}, counting the hit. */
    public Optional<ModelResponse> lookup(String key) {
        String json;
        try (Connection connection = database.readConnection();
             PreparedStatement q = connection.prepareStatement("SELECT response_json FROM llm_response_cache WHERE cache_key = ?")) {
            q.setString(1, key);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                json = rs.getString(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("response cache in " + database.description() + " lookup failed: " + e.getMessage(), e);
        }
        try (Connection connection = database.connection();
             PreparedStatement u = connection.prepareStatement("UPDATE llm_response_cache SET hits = hits + 1, last_hit_at = ? WHERE cache_key = ?")) {
            ModelResponse response = Json.MAPPER.readValue(json, ModelResponse.class);
            u.setString(1, Instant.now().toString());
            u.setString(2, key);
            u.executeUpdate();
            return Optional.of(response);
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("response cache in " + database.description() + " lookup failed: " + e.getMessage(), e);
        }
    }

    public void store(String key, String endpoint, String model, ModelResponse response) {
        try (Connection connection = database.connection(); PreparedStatement s = connection.prepareStatement("""
                INSERT INTO llm_response_cache
                  (cache_key, endpoint, model, response_json, prompt_tokens, completion_tokens, latency_ms, created_at, hits)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
                ON CONFLICT(cache_key) DO UPDATE SET endpoint=excluded.endpoint, model=excluded.model,
                  response_json=excluded.response_json, prompt_tokens=excluded.prompt_tokens,
                  completion_tokens=excluded.completion_tokens, latency_ms=excluded.latency_ms,
                  created_at=excluded.created_at, hits=0, last_hit_at=NULL""")) {
            s.setString(1, key);
            s.setString(2, endpoint);
            s.setString(3, model);
            s.setString(4, Json.MAPPER.writeValueAsString(response));
            s.setInt(5, response.promptTokens());
            s.setInt(6, response.completionTokens());
            s.setLong(7, response.latencyMillis());
            s.setString(8, Instant.now().toString());
            s.executeUpdate();
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("response cache in " + database.description() + " store failed: " + dev.ibench.activities.store.DiskFull.explain(database.location(), e), e);
        }
    }

    /** Total hits over all entries. */
    public long totalHits() {
        try (Connection connection = database.connection(); Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT COALESCE(SUM(hits), 0) FROM llm_response_cache")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException("response cache in " + database.description() + " query failed: " + e.getMessage(), e);
        }
    }

    public long size() {
        try (Connection connection = database.connection(); Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM llm_response_cache")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException("response cache in " + database.description() + " query failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (ownsDatabase) {
            database.close();
        }
    }
}
