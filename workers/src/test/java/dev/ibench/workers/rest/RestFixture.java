package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.build.EvalSetFile;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.RestBuildStep;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.runtime.AnswerComparator;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.verify.CoverageReport;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds REST endpoints from the bundled data into a folder and talks HTTP to a server on 127.0.0.1. */
final class RestFixture {
    private RestFixture() {}

    static Path dataRoot() {
        for (Path p : new Path[] {Path.of("data"), Path.of("../data")}) {
            if (Files.isDirectory(p.resolve("bird"))) return p.toAbsolutePath().normalize();
        }
        throw new IllegalStateException("bundled data/ folder not found");
    }

    static void build(String source, List<String> dbs, Path out) throws Exception {
        Path root = dataRoot().resolve(source);
        BuildOptions o = new BuildOptions(source, root, dbs, List.of(), BuildMode.PAPER, out, dataRoot());
        RestBuildStep.run(o, new CoverageReport(), m -> {}, false);
    }

    /** Builds superhero's REST endpoints over a private copy of its database (under {@code out/data}); returns the copy. */
    static Path buildSuperheroOnACopy(Path out) throws Exception {
        Path data = out.resolve("data");
        Path src = dataRoot().resolve("bird");
        Path dbDir = data.resolve("bird/dev_databases/superhero");
        Files.createDirectories(dbDir);
        Path db = dbDir.resolve("superhero.sqlite");
        Files.copy(src.resolve("dev_databases/superhero/superhero.sqlite"), db);
        Files.copy(src.resolve("dev.json"), data.resolve("bird/dev.json"));
        RestBuildStep.run(new BuildOptions("bird", data.resolve("bird"), List.of("superhero"), List.of(), BuildMode.PAPER, out.resolve("build"), data),
                new CoverageReport(), m -> {}, false);
        return db;
    }

    /** A GET with a raw, already encoded query string (null: none). */
    static HttpResponse<String> getRaw(int port, String path, String rawQuery) throws Exception {
        String target = "http://127.0.0.1:" + port + path + (rawQuery == null ? "" : "?" + rawQuery);
        return HTTP.send(HttpRequest.newBuilder(URI.create(target)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static HttpResponse<String> get(int port, String path, Map<String, ?> args) throws Exception {
        StringBuilder q = new StringBuilder();
        for (Map.Entry<String, ?> e : args.entrySet()) {
            q.append(q.length() == 0 ? "?" : "&").append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8));
        }
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path + q)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Calls every sample of {@code <prefix>-rest.json} over HTTP with its gold arguments and asserts the gold answer
     * comes back, and that every published endpoint was called. Returns the number of samples checked.
     */
    static int assertEverySampleAnswersOverHttp(Path out, String prefix, int port) throws Exception {
        RestPublication pub = Json.MAPPER.readValue(out.resolve(prefix + RestPublication.FILE_SUFFIX).toFile(), RestPublication.class);
        EvalSetFile set = Json.MAPPER.readValue(out.resolve(prefix + "-rest.json").toFile(), EvalSetFile.class);
        assertThat(set.data()).isNotEmpty();
        Set<String> called = new HashSet<>();
        for (EvalSample s : set.data()) {
            ToolCall call = s.output().get(0);
            EndpointSpec spec = pub.endpoints().stream().filter(e -> e.name().equals(call.name())).findFirst().orElseThrow();
            HttpResponse<String> r = get(port, spec.path(), call.arguments());
            assertThat(r.statusCode()).as(s.sampleId() + " " + r.body()).isEqualTo(200);
            Map<String, Object> body = Json.MAPPER.readValue(r.body(), new TypeReference<>() {});
            @SuppressWarnings("unchecked")
            List<List<Object>> rows = (List<List<Object>>) body.get("rows");
            assertThat(AnswerComparator.sameRows(AnswerShape.rows(s.goldAnswer()), AnswerShape.rows(rows), spec.response().ordered()))
                    .as(s.sampleId() + ": gold " + s.goldAnswer() + " vs " + rows).isTrue();
            called.add(spec.name());
        }
        Set<String> published = new HashSet<>();
        pub.endpoints().forEach(e -> published.add(e.name()));
        assertThat(called).as(prefix + ": every published endpoint is called").isEqualTo(published);
        return set.data().size();
    }
}
