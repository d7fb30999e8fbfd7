package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A server that drops a kept-alive connection when it is reused (as servers and proxies that close after each
 * response do, without saying so) costs one immediate reconnect, not a failed call. TEST DOUBLE: a raw-socket
 * OpenAI-compatible endpoint on loopback that answers the first request of each connection and closes the connection
 * on the second.
 */
class StaleConnectionTest {
    private static final String BODY = "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"[]\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}";

    @Test
    void aConnectionClosedByTheServerIsReplacedAtOnce() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket socket = server.accept();
                        connections.incrementAndGet();
                        new Thread(() -> serveOnceThenDrop(socket, answered)).start();
                    } catch (Exception closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            ModelProfile profile = ProfileCatalog.parse("name: t\nprovider: openai\nbase_url: http://127.0.0.1:" + server.getLocalPort()
                    + "/v1\nmodel: m\nfamily: gpt-4o\napi: chat\n", "test");
            try (ModelGateway gateway = new ModelGateway(profile, new OpenAiClient(profile.baseUrl(), ApiKey.none(), Duration.ofSeconds(5)),
                    null, new EndpointLimiters(), RetryPolicy.none())) {
                for (int i = 0; i < 4; i++) {
                    CallResult r = gateway.call(ModelRequests.request(profile,
                            RenderedPrompt.chat(List.of(ChatMessage.user("question " + i)), List.of()), "s" + i, null));
                    assertThat(r.response().text()).isEqualTo("[]");
                    assertThat(r.attempts()).as("no retry was needed: the reconnect is part of the attempt").isEqualTo(1);
                }
            }
        }
        assertThat(answered.get()).isEqualTo(4);
        assertThat(connections.get()).as("each reuse of a dropped connection was replaced by a new one").isEqualTo(4);
    }

    private static void serveOnceThenDrop(Socket socket, AtomicInteger answered) {
        try (socket) {
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            int length = readHeaders(in);
            in.skip(length);
            byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            answered.incrementAndGet(); // counted before it is sent: the client may have read it before this thread goes on
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            readHeaders(in); // the client reuses the connection: drop it without an answer
        } catch (Exception ignored) {
            // the client gave up on the connection: fine
        }
    }

    private static int readHeaders(BufferedReader in) throws java.io.IOException {
        int length = 0;
        for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return length;
    }
}
