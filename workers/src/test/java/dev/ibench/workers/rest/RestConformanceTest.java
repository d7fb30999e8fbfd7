package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.build.EvalSetFile;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.verify.AnswerComparator;
import dev.ibench.core.verify.AnswerShape;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Acceptance (b): every published endpoint, called over HTTP with its gold arguments, returns the gold answer. */
class RestConformanceTest {
    @TempDir
    Path out;

    @Test
    void everyPublishedEndpointReturnsTheGoldAnswerOverHttp() throws Exception {
        RestFixture.build("bird", List.of("superhero"), out);
        RestFixture.build("spider", List.of("concert_singer", "world_1"), out);
        PublishedEndpoints endpoints = PublishedEndpoints.load(out, null);
        assertThat(endpoints.problems()).isEmpty();
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 4, 10_000)) {
            for (String file : List.of("bird-superhero", "spider-concert_singer", "spider-world_1")) {
                RestPublication pub = Json.MAPPER.readValue(out.resolve(file + RestPublication.FILE_SUFFIX).toFile(), RestPublication.class);
                EvalSetFile set = Json.MAPPER.readValue(out.resolve(file + "-rest.json").toFile(), EvalSetFile.class);
                assertThat(set.data()).isNotEmpty();
                Set<String> called = new HashSet<>();
                int checked = 0;
                for (EvalSample s : set.data()) {
                    ToolCall call = s.output().get(0);
                    EndpointSpec spec = pub.endpoints().stream().filter(e -> e.name().equals(call.name())).findFirst().orElseThrow();
                    HttpResponse<String> r = RestFixture.get(server.port(), spec.path(), call.arguments());
                    assertThat(r.statusCode()).as(s.sampleId() + " " + r.body()).isEqualTo(200);
                    Map<String, Object> body = Json.MAPPER.readValue(r.body(), new TypeReference<>() {});
                    @SuppressWarnings("unchecked")
                    List<List<Object>> rows = (List<List<Object>>) body.get("rows");
                    assertThat(AnswerComparator.sameRows(AnswerShape.rows(s.goldAnswer()), AnswerShape.rows(rows), spec.response().ordered()))
                            .as(s.sampleId() + ": gold " + s.goldAnswer() + " vs " + rows).isTrue();
                    called.add(spec.name());
                    checked++;
                }
                Set<String> published = new HashSet<>();
                pub.endpoints().forEach(e -> published.add(e.name()));
                assertThat(called).as(file + ": every published endpoint is called").isEqualTo(published);
                System.out.println(file + ": " + checked + " samples over HTTP, " + published.size() + " endpoints, all returned the gold answer");
            }
        }
    }
}
