package dev.ibench.activities.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Optional;

/**
 * Response cache in the results store (SQLite): table {@code llm_response_cache} keyed by
 * {@link CacheKey}, holding the raw response (text, native tool calls), token counts, latency, the time
 * it was stored and a hit counter. A retried or resumed step finds its answer here and never pays twice.
 * Thread-safe within a process; WAL mode and a busy timeout let several worker processes share the file.
 */
public final class ResponseCache implements AutoCloseable {
    private final Connection connection;
    private final Path file;

    public ResponseCache(Path file) {
        this.file = file;
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            connection = DriverManager.getConnection("jdbc:sqlite:" + file);
            try (Statement s = connection.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA busy_timeout=10000");
                s.execute("""
                        CREATE TABLE IF NOT EXISTS llm_response_cache (
                          cache_key TEXT PRIMARY KEY,
                          endpoint TEXT NOT NULL,
                          model TEXT,
                          response_json TEXT NOT NULL,
                          prompt_tokens INTEGER NOT NULL,
                          completion_tokens INTEGER NOT NULL,
                          latency_ms INTEGER NOT NULL,
                          created_at TEXT NOT NULL,
                          hits INTEGER NOT NULL DEFAULT 0,
                          last_hit_at TEXT)""");
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot open response cache " + file + ": " + e.getMessage(), e);
        }
    }

    public Path file() {
        return file;
    }

    /** The stored response for {@code key}, counting the hit. */
    public synchronized Optional<ModelResponse> lookup(String key) {
        try (PreparedStatement q = connection.prepareStatement("SELECT response_json FROM llm_response_cache WHERE cache_key = ?")) {
            q.setString(1, key);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                ModelResponse response = Json.MAPPER.readValue(rs.getString(1), ModelResponse.class);
                try (PreparedStatement u = connection.prepareStatement(
                        "UPDATE llm_response_cache SET hits = hits + 1, last_hit_at = ? WHERE cache_key = ?")) {
                    u.setString(1, Instant.now().toString());
                    u.setString(2, key);
                    u.executeUpdate();
                }
                return Optional.of(response);
            }
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("response cache " + file + " lookup failed: " + e.getMessage(), e);
        }
    }

    public synchronized void store(String key, String endpoint, String model, ModelResponse response) {
        try (PreparedStatement s = connection.prepareStatement("""
                INSERT OR REPLACE INTO llm_response_cache
                  (cache_key, endpoint, model, response_json, prompt_tokens, completion_tokens, latency_ms, created_at, hits)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)""")) {
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
            throw new IllegalStateException("response cache " + file + " store failed: " + e.getMessage(), e);
        }
    }

    /** Total hits over all entries. */
    public synchronized long totalHits() {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT COALESCE(SUM(hits), 0) FROM llm_response_cache")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException("response cache " + file + " query failed: " + e.getMessage(), e);
        }
    }

    public synchronized long size() {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM llm_response_cache")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException("response cache " + file + " query failed: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot close response cache " + file, e);
        }
    }
}
