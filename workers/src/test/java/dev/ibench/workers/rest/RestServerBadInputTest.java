package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestPublication;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An endpoint whose hand-edited SQL has fewer placeholders than parameters answers a JSON error naming an incident (the
 * log has the reason) instead of closing the connection with an empty reply.
 */
class RestServerBadInputTest {
    @TempDir static Path out;

    @BeforeAll
    static void build() throws Exception {
        RestFixture.build("bird", List.of("superhero"), out);
    }

    @Test
    void anEndpointWithFewerPlaceholdersThanParametersAnswersAJsonError() throws Exception {
        Path edited = out.resolveSibling(out.getFileName() + "-edited");
        Files.createDirectories(edited);
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, edited.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path endpointsFile;
        try (Stream<Path> files = Files.list(edited)) {
            endpointsFile = files.filter(f -> f.getFileName().toString().endsWith(RestPublication.FILE_SUFFIX)).findFirst().orElseThrow();
        }
        JsonNode tree = Json.MAPPER.readTree(endpointsFile.toFile());
        List<ObjectNode> withParameters = new ArrayList<>();
        collect(tree, withParameters);
        ObjectNode target = withParameters.get(0);
        String name = target.get("name").asText();
        target.put("sql", "SELECT 1 AS one"); // a hand edit that dropped the placeholders
        Json.MAPPER.writeValue(endpointsFile.toFile(), tree);

        PublishedEndpoints endpoints = PublishedEndpoints.load(edited, RestFixture.dataRoot());
        ServedEndpoint e = endpoints.all().stream().filter(x -> x.spec().name().equals(name)).findFirst().orElseThrow();
        Map<String, Object> args = new LinkedHashMap<>();
        for (var p : e.spec().parameters()) {
            if (p.required()) args.put(p.name(), p.type().jsonType().equals("string") ? "Batman" : 1);
        }
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 2, 100)) {
            HttpResponse<String> r = RestFixture.get(server.port(), e.spec().path(), args);
            assertThat(r.statusCode()).isEqualTo(500);
            Map<String, Object> body = Json.MAPPER.readValue(r.body(), new TypeReference<>() {});
            assertThat(body).containsEntry("code", "query_failed").containsKey("incident");
        }
    }

    private static void collect(JsonNode node, List<ObjectNode> found) {
        if (node.isObject()) {
            if (node.has("sql") && node.path("parameters").isArray() && node.path("parameters").size() > 0 && node.has("name")) {
                found.add((ObjectNode) node);
            }
            node.elements().forEachRemaining(child -> collect(child, found));
        } else if (node.isArray()) {
            node.elements().forEachRemaining(child -> collect(child, found));
        }
    }
}
