package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
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
            int samples = 0;
            for (String file : List.of("bird-superhero", "spider-concert_singer", "spider-world_1")) {
                int checked = RestFixture.assertEverySampleAnswersOverHttp(out, file, server.port());
                System.out.println(file + ": " + checked + " samples over HTTP, all returned the gold answer");
                samples += checked;
            }
            assertThat(samples).isEqualTo(129 + 43 + 116);
            // the same calls again: every one is answered from the response cache, still with the gold answer
            long hitsBefore = server.cache().hits();
            for (String file : List.of("bird-superhero", "spider-concert_singer", "spider-world_1")) {
                RestFixture.assertEverySampleAnswersOverHttp(out, file, server.port());
            }
            assertThat(server.cache().hits() - hitsBefore).isEqualTo(samples);
        }
    }
}
