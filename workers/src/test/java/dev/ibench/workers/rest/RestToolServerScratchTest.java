package dev.ibench.workers.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.scratch.ScratchFolder;
import dev.ibench.workers.access.ServedAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REST tool server's Tomcat folder is a folder of the scratch folder it is given while it runs, and gone once closed. */
class RestToolServerScratchTest {
    @TempDir Path out;
    @TempDir Path scratchRoot;

    @Test
    void tomcatsFolderLivesInTheScratchFolderWhileTheServerRuns() throws Exception {
        RestFixture.build("bird", List.of("superhero"), out);
        PublishedEndpoints endpoints = PublishedEndpoints.load(out, null);
        ScratchFolder scratch = new ScratchFolder(scratchRoot.resolve("tmp"));
        try (RestToolServer server = new RestToolServer(endpoints, "127.0.0.1", 0, 1, 100, 0, ServedAccess.DEFAULT, scratch)) {
            assertThat(server.port()).isPositive();
            try (var entries = Files.list(scratch.root())) {
                List<Path> all = entries.toList();
                assertThat(all).hasSize(1);
                assertThat(all.get(0).getFileName().toString()).startsWith("serve-tools." + ProcessHandle.current().pid() + ".");
                assertThat(all.get(0)).isDirectory();
            }
        }
        assertThat(scratch.root()).as("left in the scratch folder once closed").isEmptyDirectory();
    }
}
