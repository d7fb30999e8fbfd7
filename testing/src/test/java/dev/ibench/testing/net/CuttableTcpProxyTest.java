package dev.ibench.testing.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy forwards both ways, a cut resets carried connections and silences new ones, a heal forwards again. */
class CuttableTcpProxyTest {
    private ServerSocket echo;
    private Thread echoThread;

    @BeforeEach
    void startEchoServer() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        echoThread = new Thread(() -> {
            while (!echo.isClosed()) {
                try {
                    Socket s = echo.accept();
                    new Thread(() -> {
                        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                            in.transferTo(out);
                        } catch (IOException ignored) {
                            // the client went away
                        }
                    }).start();
                } catch (IOException closed) {
                    return;
                }
            }
        });
        echoThread.start();
    }

    @AfterEach
    void stop() throws IOException {
        echo.close();
    }

    private static String roundTrip(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
        byte[] back = s.getInputStream().readNBytes(text.length());
        return new String(back, StandardCharsets.UTF_8);
    }

    @Test
    void forwardsCutsAndHeals() throws Exception {
        try (CuttableTcpProxy proxy = CuttableTcpProxy.to(echo.getLocalPort())) {
            Socket before = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
            before.setSoTimeout(2_000);
            assertThat(roundTrip(before, "hello")).isEqualTo("hello");

            proxy.cut();
            assertThat(proxy.isCut()).isTrue();
            assertThatThrownBy(() -> {
                roundTrip(before, "after the cut");
                roundTrip(before, "after the cut");
            }).as("a carried connection is reset by the cut").isInstanceOf(IOException.class)
                    .isNotInstanceOf(SocketTimeoutException.class);

            try (Socket during = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                during.setSoTimeout(1_000);
                during.getOutputStream().write("anyone?".getBytes(StandardCharsets.UTF_8));
                assertThatThrownBy(() -> during.getInputStream().read()).as("a new connection while cut hears nothing")
                        .isInstanceOf(SocketTimeoutException.class);
                proxy.heal();
                during.setSoTimeout(2_000);
                assertThatThrownBy(() -> {
                    int read = during.getInputStream().read();
                    if (read < 0) {
                        throw new IOException("closed");
                    }
                }).as("the blackholed connection is closed by the heal").isInstanceOf(IOException.class);
            }
            assertThat(proxy.blackholedConnections()).isEqualTo(1);

            try (Socket after = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                after.setSoTimeout(2_000);
                assertThat(roundTrip(after, "healed")).isEqualTo("healed");
            }
            assertThat(proxy.forwardedConnections()).isEqualTo(2);
            before.close();
        }
    }
}
