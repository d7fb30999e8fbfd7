package dev.ibench.activities.limits;

import dev.ibench.activities.llm.admission.SendSchedule;
import dev.ibench.activities.llm.admission.SendSlots;
import dev.ibench.activities.llm.admission.SlotRequest;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.StoreDialect;
import dev.ibench.activities.store.StoreStatements;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Send times reserved in the results store's table {@code endpoint_send_slots}, one row per endpoint, so every worker of
 * the store (every machine, with PostgreSQL) shares an endpoint's {@code rate_per_second} and {@code tokens_per_minute}.
 * A reservation is one {@code UPDATE ... RETURNING} in autocommit, the arithmetic of {@link SendSchedule} written in SQL:
 * the database serialises concurrent updates of the row, so no two reservations get the same start, and a worker
 * killed after reserving holds nothing (its start passes unused). A 429's {@code Retry-After} sets the row's hold, so
 * every worker waits it out. The clock is the database's: PostgreSQL's ({@code statement_timestamp()}, one for every
 * worker whatever their machines' clocks say) or SQLite's (the clock of the one machine its workers share, read once the
 * statement holds the write lock). Rows are keyed by the endpoint's URL without user info, query
 * or fragment, so no credential is stored.
 */
public final class StoreSendSlots implements SendSlots {
    /**
     * {@link SendSchedule#reserve} in one statement; {@code %1$s}: the dialect's many-argument maximum, {@code %2$s}: the
     * clock in microseconds since the epoch, {@code %3$s}: what is returned besides the row's new times. {@code p.now_us}
     * counts from the end of a hold when that is later.
     */
    private static final String RESERVE = """
            UPDATE endpoint_send_slots SET
              token_tat_us = %1$s(token_tat_us + p.correction, %1$s(p.now_us, held_until_us)) + p.charge,
              next_send_us = CASE WHEN p.interval_us > 0
                THEN %1$s(next_send_us, %1$s(token_tat_us + p.correction, %1$s(p.now_us, held_until_us)) + p.charge - p.window_us,
                          %1$s(p.now_us, held_until_us)) + p.interval_us
                ELSE next_send_us END
            FROM (SELECT %2$s AS now_us, CAST(? AS BIGINT) AS correction, CAST(? AS BIGINT) AS charge,
                         CAST(? AS BIGINT) AS window_us, CAST(? AS BIGINT) AS interval_us) AS p
            WHERE endpoint = ?
            RETURNING next_send_us, token_tat_us, held_until_us%3$s""";
    /** {@link SendSchedule#holdUntil} {@code ?} microseconds from now; {@code %1$s} and {@code %2$s} as in {@link #RESERVE}. */
    private static final String HOLD_OFF = "UPDATE endpoint_send_slots SET held_until_us = %1$s(held_until_us, %2$s + CAST(? AS BIGINT)) WHERE endpoint = ?";
    /**
     * SQLite: the machine's clock (its workers share the machine), read once the statement holds the write lock, so a
     * reservation that waited for the lock does not count from before its wait (one value per statement step: the
     * same in the update and in what it returns).
     */
    private static final String SQLITE_NOW = "CAST((julianday('now') - 2440587.5) * 86400000000.0 AS BIGINT)";
    /** A clock a test holds still, bound as the first argument. */
    private static final String BOUND_NOW = "CAST(? AS BIGINT)";
    /**
     * PostgreSQL: the server's clock, one for every worker whatever their machines' clocks say; taken when the statement
     * arrives, before it may wait for the row, which only another reservation's single UPDATE holds.
     */
    private static final String POSTGRESQL_NOW = "CAST(extract(epoch FROM statement_timestamp()) * 1000000 AS BIGINT)";
    private static final String SQLITE_RESERVE = RESERVE.formatted("max", SQLITE_NOW, ", " + SQLITE_NOW);
    private static final String TEST_CLOCK_RESERVE = RESERVE.formatted("max", BOUND_NOW, "");
    private static final String POSTGRESQL_RESERVE = RESERVE.formatted("GREATEST", POSTGRESQL_NOW, ", p.now_us");
    private static final String CREATE_ROW =
            "INSERT INTO endpoint_send_slots (endpoint, next_send_us, token_tat_us) VALUES (?, 0, 0) ON CONFLICT (endpoint) DO NOTHING";

    private final StoreStatements statements;
    private final boolean sqlite;
    /** A SQLite clock a test sets (microseconds since the epoch); null: the database's. */
    private final LongSupplier testClockMicros;
    private final Set<String> rowsCreated = ConcurrentHashMap.newKeySet();

    public StoreSendSlots(ResultsDatabase database) {
        this(database, null);
    }

    /** @param testClockMicros the clock of a SQLite store, for a test (null: SQLite's own; PostgreSQL's is always its own) */
    StoreSendSlots(ResultsDatabase database, LongSupplier testClockMicros) {
        this.statements = new StoreStatements(database);
        this.sqlite = database.dialect() == StoreDialect.SQLITE;
        this.testClockMicros = sqlite ? testClockMicros : null;
    }

    @Override
    public long reserve(String endpoint, SlotRequest request) {
        String key = keyWithRow(endpoint);
        Reserved reserved = update(key, request);
        if (reserved == null) { // the row was deleted since this process created it
            createRow(key);
            reserved = update(key, request);
        }
        long start = SendSchedule.start(reserved.nextSendMicros(), reserved.tokenTatMicros(),
                Math.max(reserved.nowMicros(), reserved.heldUntilMicros()), request);
        return Math.max(0, start - reserved.nowMicros());
    }

    @Override
    public void holdOff(String endpoint, long micros) {
        String key = keyWithRow(endpoint);
        if (testClockMicros != null) {
            statements.update("hold back the requests to " + key, HOLD_OFF.formatted("max", BOUND_NOW), testClockMicros.getAsLong(), micros, key);
        } else if (sqlite) {
            statements.update("hold back the requests to " + key, HOLD_OFF.formatted("max", SQLITE_NOW), micros, key);
        } else {
            statements.update("hold back the requests to " + key, HOLD_OFF.formatted("GREATEST", POSTGRESQL_NOW), micros, key);
        }
    }

    /** The endpoint's row key, its row created once per process. */
    private String keyWithRow(String endpoint) {
        String key = rowKey(endpoint);
        if (rowsCreated.add(key)) {
            createRow(key);
        }
        return key;
    }

    private record Reserved(long nextSendMicros, long tokenTatMicros, long heldUntilMicros, long nowMicros) {}

    private void createRow(String key) {
        statements.update("create the send-limit row of " + key, CREATE_ROW, key);
    }

    private Reserved update(String key, SlotRequest r) {
        String what = "reserve a send time at " + key;
        List<Reserved> rows;
        if (testClockMicros != null) {
            long now = testClockMicros.getAsLong();
            rows = statements.query(what, TEST_CLOCK_RESERVE, rs -> new Reserved(rs.getLong(1), rs.getLong(2), rs.getLong(3), now),
                    now, r.correctionMicros(), r.chargeMicros(), SendSchedule.TOKEN_WINDOW_MICROS, r.intervalMicros(), key);
        } else {
            rows = statements.query(what, sqlite ? SQLITE_RESERVE : POSTGRESQL_RESERVE, rs -> new Reserved(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)),
                    r.correctionMicros(), r.chargeMicros(), SendSchedule.TOKEN_WINDOW_MICROS, r.intervalMicros(), key);
        }
        return rows.isEmpty() ? null : rows.get(0);
    }

    /**
     * The endpoint's row key: its URL without user info, query or fragment (where a key could hide); a name that is not
     * a URL with a host (a GGUF file, a test tool) as given; text that does not parse as a URI by its SHA-256 only.
     */
    static String rowKey(String endpoint) {
        try {
            URI uri = new URI(endpoint);
            if (uri.getScheme() == null || uri.getHost() == null) {
                return uri.getRawUserInfo() == null && uri.getRawQuery() == null ? endpoint : sha256(endpoint);
            }
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), null, null).toString();
        } catch (URISyntaxException e) {
            return sha256(endpoint);
        }
    }

    private static String sha256(String text) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
