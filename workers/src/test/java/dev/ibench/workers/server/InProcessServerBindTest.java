package dev.ibench.workers.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.testing.FreePorts;
import dev.ibench.workers.IbenchHome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45 B1: the in-process test server (no temporal CLI) binds the address asked for, loopback by default, never
 * every interface; a Temporal address the user named that does not answer is an error naming it, never a server
 * started on another port.
 */
class InProcessServerBindTest {
    @TempDir Path dir;

    private RunningServer startWithoutCli(String ip, int port) {
        DevServerLauncher launcher = new DevServerLauncher(new IbenchHome(dir),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), home -> Optional.empty());
        return launcher.start(new DevServerSettings(ip, port, FreePorts.next(), 0, 0, dir.resolve("unused.db")), null);
    }

    private static boolean accepts(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2_000);
            return true;
        } catch (ConnectException refused) {
            return false;
        }
    }

    @Test
    void theInProcessServerListensOnlyOnTheAddressAskedFor() throws IOException {
        int port = FreePorts.next();
        try (RunningServer server = startWithoutCli("127.0.0.2", port)) {
            assertThat(server.address()).isEqualTo("127.0.0.2:" + port);
            assertThat(accepts("127.0.0.2", port)).isTrue();
            // bound to every interface it would answer on 127.0.0.1 too
            assertThat(accepts("127.0.0.1", port)).isFalse();
        }
    }

    @Test
    void aNamedTemporalAddressThatDoesNotAnswerIsAnErrorNamingItAndNoServerIsStarted() {
        int closedPort = FreePorts.next();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        DevServerLauncher mustNotStart = new DevServerLauncher(new IbenchHome(dir), System.err, home -> {
            throw new AssertionError("a server was started although the user named the address " + "127.0.0.1:" + closedPort);
        });
        Map<String, String> env = Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + closedPort);
        assertThatThrownBy(() -> EmbeddedDefault.connectOrStart(new IbenchHome(dir),
                new PrintStream(log, true, StandardCharsets.UTF_8), env::get, mustNotStart))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no Temporal server answers at 127.0.0.1:" + closedPort)
                .hasMessageContaining("$TEMPORAL_ADDRESS");
    }
}
