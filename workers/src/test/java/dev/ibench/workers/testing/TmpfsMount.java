package dev.ibench.workers.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * JUnit fixture: a small tmpfs mounted on a folder of the test ({@code mount -t tmpfs -o size=...}), so a test can fill
 * a disk without touching the machine's. Needs root: when the test does not run as root or the mount fails (a container
 * without the capability), the test is skipped through {@link Assumptions} with the reason. {@link #close()} unmounts it
 * (lazily if something still holds a file there), also after a failed test.
 */
public final class TmpfsMount implements AutoCloseable {
    private final Path folder;

    private TmpfsMount(Path folder) {
        this.folder = folder;
    }

    /** Mounts a tmpfs of {@code size} (e.g. {@code 16m}) on {@code folder} (created if missing), or skips the test. */
    public static TmpfsMount mount(Path folder, String size) {
        Assumptions.assumeTrue(isRoot(), "skipped: mounting a tmpfs for a full disk needs root (this test runs as another user)");
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder, e);
        }
        Result mounted = run(List.of("mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=0755", "tmpfs", folder.toString()));
        Assumptions.assumeTrue(mounted.exitCode() == 0, () -> "skipped: cannot mount a tmpfs on " + folder + " (exit "
                + mounted.exitCode() + "): " + mounted.output().strip());
        return new TmpfsMount(folder);
    }

    public Path folder() {
        return folder;
    }

    /** Usable bytes left on the mount. */
    public long usableSpace() {
        try {
            return Files.getFileStore(folder).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space of " + folder, e);
        }
    }

    /**
     * Writes {@code filler} until the disk refuses more (1 MiB, then 4 KiB writes until ENOSPC); returns the bytes written.
     */
    public long fill(Path filler) {
        byte[] big = new byte[1 << 20];
        byte[] small = new byte[4096];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (byte[] chunk : List.of(big, small)) {
                try {
                    while (true) {
                        out.write(chunk);
                        out.flush();
                        written += chunk.length;
                    }
                } catch (IOException full) {
                    // no room for one more chunk of this size: go on with the smaller one
                }
            }
        } catch (IOException closing) {
            // closing a file on a full disk may fail too: its bytes are written
        }
        return written;
    }

    @Override
    public void close() {
        Result unmounted = run(List.of("umount", folder.toString()));
        if (unmounted.exitCode() != 0) {
            Result lazy = run(List.of("umount", "-l", folder.toString()));
            if (lazy.exitCode() != 0) {
                throw new IllegalStateException("cannot unmount the tmpfs on " + folder + ": " + unmounted.output() + lazy.output());
            }
        }
    }

    private record Result(int exitCode, String output) {}

    private static Result run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, String.join(" ", command) + " did not finish in 30 s");
            }
            return new Result(p.exitValue(), output);
        } catch (IOException e) {
            return new Result(-1, "cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }

    private static boolean isRoot() {
        Result id = run(List.of("id", "-u"));
        return id.exitCode() == 0 && id.output().strip().equals("0");
    }
}
