package dev.ibench.workers.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** An ibench MCP stdio server in this JVM, driven over its own streams as a client process would drive stdin/stdout. */
final class InProcessStdio implements AutoCloseable {
    final McpToolServer server;
    final CountDownLatch ended = new CountDownLatch(1);
    private final PipedOutputStream toServer = new PipedOutputStream();
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    InProcessStdio(Path evalSet, Path dataRoot, McpLimits limits) throws IOException {
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        OutputStream serverOut = new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public synchronized void write(int b) {
                if (b == '\n') {
                    lines.add(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        };
        server = McpToolServer.stdio(evalSet, dataRoot, limits, null, serverIn, serverOut, ended);
    }

    void send(String line) throws IOException {
        send(line.getBytes(StandardCharsets.UTF_8));
    }

    void send(byte[] bytes) throws IOException {
        toServer.write(bytes);
        toServer.write('\n');
        toServer.flush();
    }

    void endInput() throws IOException {
        toServer.close();
    }

    /** The next line the server wrote, parsed; fails after the timeout. */
    JsonNode next(long millis) throws Exception {
        String line = lines.poll(millis, TimeUnit.MILLISECONDS);
        if (line == null) throw new AssertionError("no answer within " + millis + " ms");
        return Json.MAPPER.readTree(line);
    }

    String nextRaw(long millis) throws InterruptedException {
        return lines.poll(millis, TimeUnit.MILLISECONDS);
    }

    boolean quiet(long millis) throws InterruptedException {
        String line = lines.poll(millis, TimeUnit.MILLISECONDS);
        return line == null;
    }

    JsonNode initialize() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
        JsonNode init = next(10_000);
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return init;
    }

    @Override
    public void close() throws IOException {
        try {
            toServer.close();
        } finally {
            server.close();
        }
    }
}
