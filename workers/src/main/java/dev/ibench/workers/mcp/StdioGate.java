package dev.ibench.workers.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stands between stdin and the SDK's stdio transport: reads one line (one JSON-RPC message) at a time, answers a
 * malformed one itself with the JSON-RPC error {@link JsonRpcGate} gives, passes the rest on, and at end of input waits
 * until every request passed on has been answered before it ends the SDK's input (which ends the session) and counts
 * down {@code ended}. A line longer than the size limit is skipped to its end without being kept.
 */
final class StdioGate implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(StdioGate.class);
    private final InputStream in;
    private final LineQueueInput sdkInput;
    private final AnswerTrackingOutput out;
    private final JsonRpcGate gate;
    private final int maxBytes;
    private final long drainMillis;
    private final CountDownLatch ended;
    private volatile long refused;

    StdioGate(InputStream in, LineQueueInput sdkInput, AnswerTrackingOutput out, JsonRpcGate gate, int maxBytes, long drainMillis,
            CountDownLatch ended) {
        this.in = in;
        this.sdkInput = sdkInput;
        this.out = out;
        this.gate = gate;
        this.maxBytes = maxBytes;
        this.drainMillis = drainMillis;
        this.ended = ended;
    }

    long refused() {
        return refused;
    }

    @Override
    public void run() {
        try {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            long length = 0;
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) >= 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (b == '\n') {
                        handle(line, length);
                        line.reset();
                        length = 0;
                    } else {
                        length++;
                        if (length <= maxBytes) line.write(b);
                    }
                }
            }
            if (length > 0) handle(line, length);
            if (!out.awaitAnswered(drainMillis)) LOG.warn("MCP stdio: input ended; some requests were still unanswered after {} ms", drainMillis);
        } catch (IOException e) {
            LOG.warn("MCP stdio: reading the input failed: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            sdkInput.end();
            ended.countDown();
        }
    }

    private void handle(ByteArrayOutputStream line, long length) throws IOException {
        if (length > maxBytes) {
            refuse(gate.tooLarge(length));
            return;
        }
        byte[] bytes = line.toByteArray();
        if (isBlank(bytes)) return;
        JsonRpcGate.Verdict verdict = gate.check(bytes);
        if (!verdict.passed()) {
            refuse(verdict);
            return;
        }
        if (verdict.expectsAnswer()) out.expect(verdict.id());
        // a valid JSON line holds no raw CR inside strings; outside them it is whitespace the SDK's line reader would split on
        for (int i = 0; i < bytes.length; i++) if (bytes[i] == '\r') bytes[i] = ' ';
        byte[] withNewline = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, withNewline, 0, bytes.length);
        withNewline[bytes.length] = '\n';
        sdkInput.offer(withNewline);
    }

    private void refuse(JsonRpcGate.Verdict verdict) throws IOException {
        refused++;
        out.writeLine(JsonRpcGate.line(verdict.error()));
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) if (b != ' ' && b != '\t' && b != '\r') return false;
        return true;
    }
}
