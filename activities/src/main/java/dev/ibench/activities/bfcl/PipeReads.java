package dev.ibench.activities.bfcl;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The threads that wait on the BFCL backends' pipes. Each read blocks until the interpreter answers; on the common
 * {@code ForkJoinPool} (as many threads as cores less one) concurrent conversations waited behind each other's reads.
 * Threads are made as needed, one per read in progress, and end after a minute unused.
 */
final class PipeReads {
    static final ExecutorService EXECUTOR = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "bfcl-pipe-read");
        t.setDaemon(true);
        return t;
    });

    private PipeReads() {}
}
