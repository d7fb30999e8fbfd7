package dev.ibench.core.scratch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * ibench's own folder for short-lived files: the report, export and comparison spools, files staged for the artifact
 * store, the REST tool server's Tomcat folder. It is {@code <IBENCH_HOME>/.ibench/tmp} (the workers' {@code IbenchHome}
 * gives it to the classes that need it), never the system temp folder (docs/cli.md#the-home-folder). It is created on
 * first use.
 *
 * <p>Each entry is named {@code <purpose>.<pid>.<random>[suffix]}, the pid being the process that made it. Its owner
 * removes it when done; before making a new entry, {@link #sweepStale} removes the entries a killed process left: those
 * whose owner is no live process here and in which nothing changed for {@link #STALE_AFTER} (both, so that a live
 * process's entry is never taken, not even one of another machine sharing the home). Nothing outside the folder is
 * ever deleted: symbolic links are removed as links, never followed.
 */
public record ScratchFolder(Path root) {
    /** How long an entry whose owner is gone must have been left untouched before a sweep removes it. */
    public static final Duration STALE_AFTER = Duration.ofDays(1);
    private static final Pattern PURPOSE = Pattern.compile("[a-z0-9][a-z0-9-]*");
    private static final Pattern OWNED = Pattern.compile("[a-z0-9][a-z0-9-]*\\.(\\d{1,18})\\..*");

    public ScratchFolder {
        root = root.toAbsolutePath().normalize();
    }

    /** A new empty file {@code <purpose>.<pid>.<random><suffix>} in the folder (stale entries swept first). */
    public Path newFile(String purpose, String suffix) {
        Path dir = prepare(purpose);
        try {
            return Files.createTempFile(dir, prefix(purpose), suffix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a " + purpose + " file in ibench's scratch folder " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A new empty folder {@code <purpose>.<pid>.<random>} in the folder (stale entries swept first). */
    public Path newFolder(String purpose) {
        Path dir = prepare(purpose);
        try {
            return Files.createTempDirectory(dir, prefix(purpose));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a " + purpose + " folder in ibench's scratch folder " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Removes an entry of this folder (a file, or a folder with everything in it); a path outside the folder is an
     * {@link IllegalArgumentException}, a missing one is ignored.
     */
    public void delete(Path entry) {
        Path p = entry.toAbsolutePath().normalize();
        if (!p.startsWith(root) || p.equals(root)) {
            throw new IllegalArgumentException(entry + " is not an entry of ibench's scratch folder " + root);
        }
        try {
            Files.walkFileTree(p, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    if (e != null && !(e instanceof NoSuchFileException)) {
                        throw e;
                    }
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException e) {
            // already gone
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + p + " from ibench's scratch folder: " + e.getMessage(), e);
        }
    }

    /**
     * Removes the entries left by processes that are gone (no live process here has the entry's pid, or the name has
     * none) and in which nothing changed since {@code now} minus {@link #STALE_AFTER}; returns how many it removed. An
     * entry that cannot be removed (another sweep took it, no permission) is left for the next sweep.
     */
    public int sweepStale(Instant now) {
        if (!Files.isDirectory(root)) {
            return 0;
        }
        List<Path> entries;
        try (Stream<Path> list = Files.list(root)) {
            entries = list.toList();
        } catch (IOException e) {
            return 0;
        }
        Instant cutoff = now.minus(STALE_AFTER);
        int removed = 0;
        for (Path entry : entries) {
            if (ownerAlive(entry.getFileName().toString()) || touchedSince(entry, cutoff)) {
                continue;
            }
            try {
                delete(entry);
                removed++;
            } catch (UncheckedIOException e) {
                // left for the next sweep
            }
        }
        return removed;
    }

    /** The pid in an entry's name {@code <purpose>.<pid>.<random>...}, if it has one. */
    static OptionalLong ownerPid(String name) {
        var m = OWNED.matcher(name);
        return m.matches() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
    }

    private static boolean ownerAlive(String name) {
        OptionalLong pid = ownerPid(name);
        return pid.isPresent() && (pid.getAsLong() == ProcessHandle.current().pid()
                || ProcessHandle.of(pid.getAsLong()).map(ProcessHandle::isAlive).orElse(false));
    }

    /** Whether the entry or anything in it was modified at or after {@code cutoff} (links not followed). */
    private static boolean touchedSince(Path entry, Instant cutoff) {
        try (Stream<Path> all = Files.walk(entry)) {
            return all.anyMatch(p -> {
                try {
                    return !Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(cutoff);
                } catch (IOException e) {
                    return true; // changing under us: not stale
                }
            });
        } catch (IOException | UncheckedIOException e) {
            return true;
        }
    }

    private Path prepare(String purpose) {
        if (!PURPOSE.matcher(purpose).matches()) {
            throw new IllegalArgumentException("scratch entry purpose must be lower-case letters, digits and '-', got '" + purpose + "'");
        }
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create ibench's scratch folder " + root + ": " + e.getMessage(), e);
        }
        sweepStale(Instant.now());
        return root;
    }

    private static String prefix(String purpose) {
        return purpose + "." + ProcessHandle.current().pid() + ".";
    }
}
