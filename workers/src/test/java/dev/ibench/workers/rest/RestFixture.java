package dev.ibench.workers.rest;

import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.rest.RestBuildStep;
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
import java.util.List;
import java.util.Map;

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

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static HttpResponse<String> get(int port, String path, Map<String, ?> args) throws Exception {
        StringBuilder q = new StringBuilder();
        for (Map.Entry<String, ?> e : args.entrySet()) {
            q.append(q.length() == 0 ? "?" : "&").append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8));
        }
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path + q)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
