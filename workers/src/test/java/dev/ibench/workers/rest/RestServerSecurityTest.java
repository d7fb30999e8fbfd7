package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.RestPublication;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Acceptance (c): injection strings are values, writes fail on every path, oversized requests are rejected, loopback by default. */
class RestServerSecurityTest {
    @TempDir
    Path out;

    Path dbCopy;

    private static final List<String> INJECTIONS = List.of(
            "' OR '1'='1", "x'; DROP TABLE superhero; --", "1; DELETE FROM superhero", "\" OR 1=1 --",
            "' UNION SELECT sql FROM sqlite_master --", "%' OR 1=1 OR '%'='", "Robin'); ATTACH DATABASE '/tmp/x.db' AS x; --");

    @BeforeEach
    void buildOnACopy() throws Exception {
        // serve a private copy of the database so the before/after hash is about this test only
        Path data = out.resolve("data");
        Path src = RestFixture.dataRoot().resolve("bird");
        Path dbDir = data.resolve("bird/dev_databases/superhero");
        Files.createDirectories(dbDir);
        dbCopy = dbDir.resolve("superhero.sqlite");
        Files.copy(src.resolve("dev_databases/superhero/superhero.sqlite"), dbCopy);
        Files.copy(src.resolve("dev.json"), data.resolve("bird/dev.json"));
        Path desc = src.resolve("dev_databases/superhero/database_description");
        if (Files.isDirectory(desc)) {
            Files.createDirectories(dbDir.resolve("database_description"));
            try (var s = Files.list(desc)) {
                for (Path p : s.toList()) Files.copy(p, dbDir.resolve("database_description").resolve(p.getFileName()));
            }
        }
        dev.ibench.core.rest.RestBuildStep.run(new dev.ibench.core.build.BuildOptions("bird", data.resolve("bird"), List.of("superhero"), List.of(),
                dev.ibench.core.tools.BuildMode.PAPER, out.resolve("build"), data), new dev.ibench.core.verify.CoverageReport(), m -> {}, false);
    }

    private static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }

    @Test
    void injectionStringsAreBoundAsValuesAndTheDatabaseIsUnchanged() throws Exception {
        String before = sha256(dbCopy);
        PublishedEndpoints endpoints = PublishedEndpoints.load(out.resolve("build"), null);
        Map<String, String> sqlBefore = new LinkedHashMap<>();
        endpoints.all().forEach(e -> sqlBefore.put(e.spec().name(), e.spec().sql()));
        int stringCalls = 0;
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000)) {
            for (ServedEndpoint e : endpoints.all()) {
                List<String> stringParams = e.spec().parameters().stream().filter(p -> p.type().jsonType().equals("string")).map(p -> p.name()).toList();
                if (stringParams.isEmpty()) continue;
                // with only equality-style string parameters, an attack string must behave exactly like any other value
                // that matches no row: same response as a harmless unknown value
                boolean equalityOnly = e.spec().parameters().stream().noneMatch(p -> p.name().matches(".*_(contains|prefix|suffix|pattern|excluded_substring|excluded_pattern)(_\\d+)?"));
                String harmless = null;
                if (equalityOnly) harmless = RestFixture.get(server.port(), e.spec().path(), args(e, "zz no such value zz")).body();
                for (String attack : INJECTIONS) {
                    HttpResponse<String> r = RestFixture.get(server.port(), e.spec().path(), args(e, attack));
                    assertThat(r.statusCode()).as(e.spec().name() + " " + attack + ": " + r.body()).isEqualTo(200);
                    Map<String, Object> body = Json.MAPPER.readValue(r.body(), new TypeReference<>() {});
                    assertThat(body).containsKeys("columns", "rows");
                    if (equalityOnly) assertThat(r.body()).as(e.spec().name() + " " + attack).isEqualTo(harmless);
                    stringCalls++;
                }
            }
        }
        assertThat(stringCalls).isGreaterThan(100);
        assertThat(sha256(dbCopy)).isEqualTo(before);
        PublishedEndpoints after = PublishedEndpoints.load(out.resolve("build"), null);
        after.all().forEach(e -> assertThat(e.spec().sql()).isEqualTo(sqlBefore.get(e.spec().name())));
    }

    private static Map<String, Object> args(ServedEndpoint e, String stringValue) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (var p : e.spec().parameters()) args.put(p.name(), p.type().jsonType().equals("string") ? stringValue : 1);
        return args;
    }

    @Test
    void aFailingQueryAnswersAGenericErrorWithACodeAndNoSqlText() throws Exception {
        PublishedEndpoints endpoints = PublishedEndpoints.load(out.resolve("build"), null);
        ServedEndpoint e = endpoints.all().stream().filter(x -> x.spec().sql().contains("superhero")).findFirst().orElseThrow();
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000)) {
            // the database changes under the running server: every query on the table now fails inside SQLite
            try (Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + dbCopy); Statement st = c.createStatement()) {
                st.executeUpdate("ALTER TABLE superhero RENAME TO superhero_gone");
            }
            HttpResponse<String> r = RestFixture.get(server.port(), e.spec().path(), args(e, "Batman"));
            assertThat(r.statusCode()).isEqualTo(500);
            Map<String, Object> body = Json.MAPPER.readValue(r.body(), new TypeReference<>() {});
            assertThat(body).containsEntry("code", "query_failed").containsKey("incident");
            assertThat(r.body()).doesNotContainIgnoringCase("no such table").doesNotContainIgnoringCase("sqlite")
                    .doesNotContain("superhero").doesNotContainIgnoringCase("select");
        }
    }

    @Test
    void writesFailThroughEveryPath() throws Exception {
        String before = sha256(dbCopy);
        // 1. a tampered spec whose SQL writes is refused at load time
        Path pubFile = out.resolve("build/bird-superhero" + RestPublication.FILE_SUFFIX);
        RestPublication pub = Json.MAPPER.readValue(pubFile.toFile(), RestPublication.class);
        List<EndpointSpec> tampered = new ArrayList<>(pub.endpoints());
        EndpointSpec first = tampered.get(0);
        tampered.set(0, new EndpointSpec(first.name(), "GET", first.path(), first.summary(), first.description(), List.of(),
                "DELETE FROM superhero", first.response(), first.producedBy()));
        tampered.add(new EndpointSpec("get_evil_v1_bird_superhero", "GET", "/v1/bird/superhero/evil", "s", "d", List.of(),
                "SELECT 1; DROP TABLE superhero", first.response(), "x"));
        Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(pubFile.toFile(),
                new RestPublication(pub.source(), pub.dbId(), pub.databasePath(), pub.dataRoot(), tampered, pub.producedBy(), pub.dedup()));
        PublishedEndpoints endpoints = PublishedEndpoints.load(out.resolve("build"), null);
        assertThat(endpoints.problems()).hasSize(2).allSatisfy(p -> assertThat(p).contains("refused"));
        assertThat(endpoints.at(first.path())).isNull();
        // 2. the served connections cannot write even if a write statement reached them
        try (Connection c = ReadOnlyConnectionPool.open(dbCopy); Statement st = c.createStatement()) {
            assertThatThrownBy(() -> st.executeUpdate("DELETE FROM superhero")).isInstanceOf(java.sql.SQLException.class);
            assertThatThrownBy(() -> st.executeUpdate("CREATE TABLE x(a)")).isInstanceOf(java.sql.SQLException.class);
        }
        // 3. write methods are not allowed over HTTP
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000)) {
            String path = endpoints.all().get(0).spec().path();
            for (String method : List.of("POST", "PUT", "DELETE", "PATCH")) {
                HttpResponse<String> r = RestFixture.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .method(method, HttpRequest.BodyPublishers.ofString("DELETE FROM superhero")).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(method).isEqualTo(405);
            }
        }
        assertThat(sha256(dbCopy)).isEqualTo(before);
    }

    @Test
    void oversizedRequestsAndBadParametersAreRejected() throws Exception {
        PublishedEndpoints endpoints = PublishedEndpoints.load(out.resolve("build"), null);
        ServedEndpoint e = endpoints.all().stream().filter(x -> x.spec().parameters().size() == 1).findFirst().orElseThrow();
        String param = e.spec().parameters().get(0).name();
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 10_000)) {
            HttpResponse<String> longUri = RestFixture.get(server.port(), e.spec().path(), Map.of(param, "a".repeat(RestToolServer.MAX_URI + 10)));
            assertThat(longUri.statusCode()).isEqualTo(414);
            HttpResponse<String> body = RestFixture.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/openapi.json"))
                    .method("GET", HttpRequest.BodyPublishers.ofString("x".repeat(RestToolServer.MAX_BODY + 1))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(body.statusCode()).isEqualTo(413);
            HttpResponse<String> unknown = RestFixture.get(server.port(), e.spec().path(), Map.of(param, "x", "nope", "1"));
            assertThat(unknown.statusCode()).isEqualTo(400);
            assertThat(unknown.body()).contains("'nope'");
            HttpResponse<String> missing = RestFixture.get(server.port(), e.spec().path(), Map.of());
            assertThat(missing.statusCode()).isEqualTo(400);
            assertThat(missing.body()).contains(param);
            ServedEndpoint numeric = endpoints.all().stream().filter(x -> x.spec().parameters().stream().anyMatch(p -> !p.type().jsonType().equals("string")))
                    .findFirst().orElseThrow();
            Map<String, Object> args = new LinkedHashMap<>();
            String bad = null;
            for (var p : numeric.spec().parameters()) {
                if (!p.type().jsonType().equals("string") && bad == null) {
                    bad = p.name();
                    args.put(p.name(), "1 OR 1=1");
                } else {
                    args.put(p.name(), p.type().jsonType().equals("string") ? "x" : 1);
                }
            }
            HttpResponse<String> illTyped = RestFixture.get(server.port(), numeric.spec().path(), args);
            assertThat(illTyped.statusCode()).isEqualTo(400);
            assertThat(illTyped.body()).contains(bad);
            HttpResponse<String> openapi = RestFixture.get(server.port(), "/openapi.json", Map.of());
            assertThat(openapi.statusCode()).isEqualTo(200);
            assertThat(openapi.body()).contains("\"openapi\" : \"3.0.3\"").contains(e.spec().path());
            HttpResponse<String> page = RestFixture.get(server.port(), "/docs", Map.of());
            assertThat(page.body()).contains(e.spec().path()).doesNotContain("http://cdn").doesNotContain("https://");
        }
    }

    @Test
    void bindsLoopbackByDefaultAndIsNotReachableOnOtherAddresses() throws Exception {
        PublishedEndpoints endpoints = PublishedEndpoints.load(out.resolve("build"), null);
        try (RestToolServer server = new RestToolServer(endpoints, RestToolServer.DEFAULT_HOST, 0, 1, 100)) {
            assertThat(server.address().getAddress().isLoopbackAddress()).isTrue();
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a.isLoopbackAddress() || a.isLinkLocalAddress()) continue;
                    // connecting to our own non-loopback address stays on this machine; it must be refused
                    assertThatThrownBy(() -> {
                        try (Socket s = new Socket()) {
                            s.connect(new java.net.InetSocketAddress(a, server.port()), 1000);
                        }
                    }).as("reachable on " + a).isInstanceOf(java.io.IOException.class);
                }
            }
        }
    }
}
