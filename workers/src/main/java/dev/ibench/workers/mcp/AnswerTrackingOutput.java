package dev.ibench.workers.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.Set;

/**
 * The stdio server's output: whole lines are written through (the SDK writes a message and its newline under a lock on
 * this stream; {@link #writeLine} takes the same lock), and the id of every answer written is struck off the ids
 * still owed, so that at end of input the server can wait until everything asked has been answered.
 */
final class AnswerTrackingOutput extends OutputStream {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final OutputStream out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final Set<String> owed = new HashSet<>();

    AnswerTrackingOutput(OutputStream out) {
        this.out = out;
    }

    /** Records that a request with this id expects an answer. */
    void expect(JsonNode id) {
        synchronized (owed) {
            owed.add(id.toString());
        }
    }

    /** Waits until every expected id was answered, at most {@code millis}; true if none is owed. */
    boolean awaitAnswered(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        synchronized (owed) {
            while (!owed.isEmpty()) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) return false;
                owed.wait(left);
            }
            return true;
        }
    }

    /** Writes one complete line (ending in a newline) atomically with respect to the SDK's messages. */
    void writeLine(byte[] bytes) throws IOException {
        synchronized (this) {
            out.write(bytes);
            out.flush();
        }
    }

    @Override
    public synchronized void write(int b) throws IOException {
        out.write(b);
        if (b == '\n') answered();
        else line.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') answered();
            else line.write(b[i]);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    private void answered() {
        byte[] bytes = line.toByteArray();
        line.reset();
        try {
            JsonNode message = MAPPER.readTree(bytes);
            if (message != null && message.has("id") && !message.has("method")) {
                synchronized (owed) {
                    owed.remove(message.get("id").toString());
                    owed.notifyAll();
                }
            }
        } catch (IOException notJson) {
            // not ours to judge: the SDK wrote it
        }
    }
}
