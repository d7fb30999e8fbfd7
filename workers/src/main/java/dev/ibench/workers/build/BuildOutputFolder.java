package dev.ibench.workers.build;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import dev.ibench.core.json.JsonFiles;
import dev.ibench.core.verify.CoverageReport;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code --out} folder of {@code ibench build}, which several builds may share (the README builds {@code slot,sel}
 * and then {@code rest} into one folder): {@code coverage.json} and {@code artifacts.json} already there are read
 * before the build and merged with what it adds, so a later build never erases an earlier one's entries. One build at
 * a time: the folder is locked ({@value #LOCK}) from before the build reads it until it has written the merged files,
 * and a second build into it is refused (two at once would each merge into what the other overwrites).
 */
final class BuildOutputFolder implements AutoCloseable {
    static final String COVERAGE = "coverage.json";
    static final String ARTIFACTS = "artifacts.json";
    static final String LOCK = ".ibench-build.lock";

    private final Path out;
    private final FileChannel lock;
    private final Optional<Map<String, Object>> previousCoverage;
    private final Map<String, String> previousArtifacts;

    private BuildOutputFolder(Path out, FileChannel lock, Optional<Map<String, Object>> previousCoverage, Map<String, String> previousArtifacts) {
        this.out = out;
        this.lock = lock;
        this.previousCoverage = previousCoverage;
        this.previousArtifacts = previousArtifacts;
    }

    /**
     * Checks {@code out} before anything is built and reads what earlier builds left there.
     *
     * @throws BuildInputException when {@code out} is a file, another build is writing into it, or its coverage.json is
     *                             unreadable or of another source or mode
     */
    static BuildOutputFolder open(Path out, String source, String mode) {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new BuildInputException("--out " + out + " is a file; give a folder (it is created when missing)");
        }
        FileChannel lock = lock(out);
        try {
            return readEarlierBuilds(out, source, mode, lock);
        } catch (RuntimeException e) {
            closeQuietly(lock);
            throw e;
        }
    }

    /** Takes the folder's lock, refusing when another build holds it. */
    private static FileChannel lock(Path out) {
        Path file = out.resolve(LOCK);
        FileChannel channel;
        try {
            Files.createDirectories(out);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new BuildInputException("cannot lock --out " + out + " with " + file + " (" + e.getMessage()
                    + "); the folder must be writable and " + LOCK + " a plain file, not a link");
        }
        FileLock held;
        try {
            held = channel.tryLock();
        } catch (OverlappingFileLockException | IOException e) {
            held = null;
        }
        if (held == null) {
            closeQuietly(channel);
            throw new BuildInputException("another ibench build is writing into " + out + " (it holds " + file
                    + "); wait for it to end, or build into another --out folder");
        }
        return channel;
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // the lock goes with the channel
        }
    }

    private static BuildOutputFolder readEarlierBuilds(Path out, String source, String mode, FileChannel lock) {
        Optional<Map<String, Object>> coverage = read(out.resolve(COVERAGE), new TypeReference<Map<String, Object>>() {});
        coverage.ifPresent(c -> {
            if (!source.equals(c.get("source")) || !mode.equals(c.get("mode"))) {
                throw new BuildInputException(out.resolve(COVERAGE) + " is of a " + c.get("source") + " " + c.get("mode")
                        + " build; a " + source + " " + mode + " build goes to another --out folder");
            }
            try {
                CoverageReport.fromMap(c);
            } catch (RuntimeException e) {
                throw new BuildInputException(out.resolve(COVERAGE) + " is not a coverage report (" + e.getMessage()
                        + "); move it away or choose another --out folder");
            }
        });
        Map<String, String> artifacts = read(out.resolve(ARTIFACTS), new TypeReference<Map<String, String>>() {}).orElse(Map.of());
        return new BuildOutputFolder(out, lock, coverage, artifacts);
    }

    private static <T> Optional<T> read(Path file, TypeReference<T> type) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readValue(file.toFile(), type));
        } catch (IOException e) {
            String reason = e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new BuildInputException(file + " is not what an earlier build writes there (" + reason
                    + "); move it away or choose another --out folder");
        }
    }

    /** Rewrites coverage.json as this build's {@code coverage} merged into the earlier builds' (their {@code rest} block kept unless rebuilt). */
    Map<String, Object> writeCoverage(Map<String, Object> current, CoverageReport coverage, String source, String mode) throws IOException {
        if (previousCoverage.isEmpty()) {
            return current;
        }
        Map<String, Object> merged = CoverageReport.fromMap(previousCoverage.get()).updatedBy(coverage).toMap(source, mode);
        Object rest = current.containsKey("rest") ? current.get("rest") : previousCoverage.get().get("rest");
        if (rest != null) {
            merged.put("rest", rest);
        }
        JsonFiles.writeReplacing(out.resolve(COVERAGE), merged);
        return merged;
    }

    /** Writes artifacts.json: the earlier builds' references with this build's added (or replacing those of the same file). */
    Map<String, String> writeArtifacts(Map<String, String> published) throws IOException {
        Map<String, String> merged = new TreeMap<>(previousArtifacts);
        merged.putAll(published);
        JsonFiles.writeReplacing(out.resolve(ARTIFACTS), merged);
        return merged;
    }

    /** Releases the folder for the next build. */
    @Override
    public void close() {
        closeQuietly(lock);
    }
}
