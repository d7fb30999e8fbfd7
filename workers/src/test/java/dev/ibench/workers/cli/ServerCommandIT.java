package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.testing.FreePorts;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.TemporalCli;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ibench server} end to end: the real dev server, its UI, the search attributes, and a clean stop. */
class ServerCommandIT {

    @TempDir Path dir;

    @Test
    void serverCommandRunsTheDevServerWithUiPersistenceAndSearchAttributes() throws Exception {
        int port = FreePorts.next();
        int uiPort = FreePorts.next();
        Path db = dir.resolve("state/temporal.db");
        String address = "127.0.0.1:" + port;
        try (CliProcess server = CliProcess.start(
                List.of("server", "--port", Integer.toString(port), "--ui-port", Integer.toString(uiPort),
                        "--db-filename", db.toString()),
                "Temporal server ready", dir.resolve("server.log"))) {
            assertThat(server.output()).contains("Web UI:            http://127.0.0.1:" + uiPort).contains(db.toString());
            assertThat(Files.exists(db)).as("SQLite state file created").isTrue();

            HttpResponse<String> ui = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + uiPort + "/")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ui.statusCode()).isEqualTo(200);

            Path cli = IbenchHome.resolve().toolsBin().resolve("temporal");
            String attributes = TemporalCli.run(cli, List.of("operator", "search-attribute", "list", "--address", address));
            assertThat(attributes).contains("IbenchCampaignId", "IbenchModel", "IbenchBenchmark", "IbenchState", "IbenchProgress");

            server.close(); // SIGTERM: the shutdown hook stops the dev server child process too
            assertThat(server.isAlive()).isFalse();
            try (TemporalConnection probe = TemporalConnection.open(address, "default")) {
                assertThat(probe.isReachable(Duration.ofSeconds(2))).as("dev server stopped with the command").isFalse();
            }
        }
    }
}
