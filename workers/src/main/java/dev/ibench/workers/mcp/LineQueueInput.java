package dev.ibench.workers.mcp;

import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/** An input stream fed line by line by another thread ({@link StdioGate}); {@link #end} makes it end after what it holds. */
final class LineQueueInput extends InputStream {
    private static final byte[] END = new byte[0];
    private final BlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
    private byte[] current = new byte[0];
    private int pos;
    private boolean ended;

    void offer(byte[] line) {
        lines.add(line);
    }

    void end() {
        lines.add(END);
    }

    @Override
    public int read() throws InterruptedIOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws InterruptedIOException {
        if (len == 0) return 0;
        while (pos >= current.length) {
            if (ended) return -1;
            try {
                current = lines.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for input");
            }
            pos = 0;
            if (current == END) {
                ended = true;
                return -1;
            }
        }
        int n = Math.min(len, current.length - pos);
        System.arraycopy(current, pos, buf, off, n);
        pos += n;
        return n;
    }
}
