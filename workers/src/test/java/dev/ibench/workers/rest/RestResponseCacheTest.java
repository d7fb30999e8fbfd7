package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.rest.ParamType;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's response cache: the canonical call is the key, answers are byte-identical, failures are not kept. */
class RestResponseCacheTest {
    @TempDir
    Path out;

    Path db;
    PublishedEndpoints endpoints;
    ServedEndpoint twoParams;

    @BeforeEach
    void build() throws Exception {
        db = RestFixture.buildSuperheroOnACopy(out);
        endpoints = PublishedEndpoints.load(out.resolve("build"), null);
        // an endpoint with exactly one string and one integer parameter, both required
        twoParams = endpoints.all().stream()
                .filter(e -> e.spec().parameters().size() == 2 && e.spec().parameters().stream().allMatch(p -> p.required())
                        && e.spec().parameters().stream().anyMatch(p -> p.type() == ParamType.STRING)
                        && e.spec().parameters().stream().anyMatch(p -> p.type() == ParamType.INTEGER))
                .findFirst().orElseThrow();
    }

    private String name(ParamType type) {
        return twoParams.spec().parameters().stream().filter(p -> p.type() == type).findFirst().orElseThrow().name();
    }

    @Test
    void theSameCallSpelledDifferentlyIsOneEntryAndAnswersTheSameBytesAsAnUncachedServer() throws Exception {
        String s = name(ParamType.STRING);
        String i = name(ParamType.INTEGER);
        String path = twoParams.spec().path();
        String uncached;
        try (RestToolServer off = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000, 0)) {
            uncached = RestFixture.getRaw(off.port(), path, s + "=Super%20Strength&" + i + "=150").body();
            assertThat(RestFixture.getRaw(off.port(), path, s + "=Super%20Strength&" + i + "=150").body()).isEqualTo(uncached);
            assertThat(off.cache().hits()).isZero();
            assertThat(off.cache().size()).isZero();
        }
        assertThat(uncached).contains("\"rows\"");
        try (RestToolServer on = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000, 1 << 20)) {
            HttpResponse<String> first = RestFixture.getRaw(on.port(), path, s + "=Super%20Strength&" + i + "=150");
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(on.cache().misses()).isEqualTo(1);
            assertThat(on.cache().hits()).isZero();
            // other parameter order, '+' for the space, percent-encoded letters, a leading zero on the integer
            HttpResponse<String> again = RestFixture.getRaw(on.port(), path, i + "=0150&" + s + "=Super+%53trength");
            assertThat(again.statusCode()).isEqualTo(200);
            assertThat(on.cache().hits()).isEqualTo(1);
            assertThat(on.cache().size()).isEqualTo(1);
            assertThat(first.body()).isEqualTo(uncached);
            assertThat(again.body()).isEqualTo(uncached);
            // another value is another query
            RestFixture.getRaw(on.port(), path, s + "=Flight&" + i + "=150");
            assertThat(on.cache().size()).isEqualTo(2);
            assertThat(on.cache().hits()).isEqualTo(1);
            // refused calls never reach the cache
            assertThat(RestFixture.getRaw(on.port(), path, s + "=Flight").statusCode()).isEqualTo(400);
            assertThat(on.cache().misses()).isEqualTo(2);
        }
    }

    @Test
    void aFailedQueryIsNotKept() throws Exception {
        ServedEndpoint e = endpoints.all().stream()
                .filter(x -> x.spec().sql().contains("superhero") && x.spec().parameters().size() == 1
                        && x.spec().parameters().get(0).type() == ParamType.STRING)
                .findFirst().orElseThrow();
        String query = e.spec().parameters().get(0).name() + "=Batman";
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000)) {
            rename("superhero", "superhero_gone");
            assertThat(RestFixture.getRaw(server.port(), e.spec().path(), query).statusCode()).isEqualTo(500);
            rename("superhero_gone", "superhero");
            HttpResponse<String> r = RestFixture.getRaw(server.port(), e.spec().path(), query);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(r.body()).contains("\"rows\"");
            assertThat(server.cache().hits()).isZero();
            assertThat(server.cache().size()).isEqualTo(1);
        }
    }

    private void rename(String from, String to) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
            st.executeUpdate("ALTER TABLE " + from + " RENAME TO " + to);
        }
    }
}
