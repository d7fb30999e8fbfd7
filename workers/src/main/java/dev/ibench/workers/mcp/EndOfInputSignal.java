package dev.ibench.workers.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/** An input stream that counts down a latch when it ends, so a stdio server exits when its client closes stdin. */
public final class EndOfInputSignal extends FilterInputStream {
    private final CountDownLatch ended;

    public EndOfInputSignal(InputStream in, CountDownLatch ended) {
        super(in);
        this.ended = ended;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b < 0) ended.countDown();
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n < 0) ended.countDown();
        return n;
    }
}
