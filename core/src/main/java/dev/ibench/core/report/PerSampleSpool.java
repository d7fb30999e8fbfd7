package dev.ibench.core.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.core.scratch.ScratchFolder;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.ScoreReport;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One cell's {@code per_sample} entries of the JSON report kept in temporary files while the cell is read, one file per
 * trial in a folder of ibench's {@link ScratchFolder}, so the report writes a cell's aggregates first and its entries after without holding them
 * (docs/reports.md#memory-and-progress). Each entry ({@link ScoreReport#perSampleJsonTree}) is stored as compact JSON
 * with every non-ASCII character escaped, so any text (a lone surrogate too) and every number come back exactly;
 * {@link #copyTo} writes a trial's entries, in the order added, into the report's generator, which pretty-prints them
 * as it would the same entries held in memory. Memory holds one entry and a buffer per trial.
 */
public final class PerSampleSpool implements AutoCloseable {
    private static final int BUFFER = 1 << 14;
    private final JsonFactory factory = new JsonFactory();
    private final ObjectWriter writer = Json.MAPPER.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
    private final ScratchFolder scratch;
    private final Path dir;
    private final Map<Integer, Trial> trials = new TreeMap<>();

    private record Trial(Path file, JsonGenerator out) {}

    /** A spool whose files go to a new folder of {@code scratch}. */
    public PerSampleSpool(ScratchFolder scratch) {
        this.scratch = scratch;
        this.dir = scratch.newFolder("json-per-sample");
    }

    /** Adds the entry of {@code score} to trial {@code trial}'s entries. */
    public void add(int trial, SampleScore score) {
        try {
            Trial t = trials.get(trial);
            if (t == null) {
                Path file = dir.resolve("trial-" + trial + ".json");
                JsonGenerator out = factory.createGenerator(new BufferedOutputStream(Files.newOutputStream(file), BUFFER), JsonEncoding.UTF8);
                out.enable(JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature());
                t = new Trial(file, out);
                trials.put(trial, t);
            }
            writer.writeValue(t.out(), ScoreReport.perSampleJsonTree(score));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the json report's temporary files in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The trials with entries, in trial order. */
    public List<Integer> trials() {
        return new ArrayList<>(trials.keySet());
    }

    /** Writes trial {@code trial}'s entries, in the order added, as values of the array {@code json} is in. */
    public void copyTo(int trial, JsonGenerator json) throws IOException {
        Trial t = trials.get(trial);
        if (t == null) {
            return;
        }
        t.out().close();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(t.file()), BUFFER); JsonParser entries = factory.createParser(in)) {
            while (entries.nextToken() != null) {
                json.copyCurrentStructure(entries);
            }
        }
    }

    /** The temporary folder of the entries' files (for tests). */
    Path folder() {
        return dir;
    }

    /** Forgets every entry (the next cell starts empty) and removes their files. */
    public void clear() {
        try {
            for (Trial t : trials.values()) {
                t.out().close();
                Files.deleteIfExists(t.file());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the json report's temporary files in " + dir + ": " + e.getMessage(), e);
        } finally {
            trials.clear();
        }
    }

    @Override
    public void close() {
        clear();
        scratch.delete(dir);
    }
}
