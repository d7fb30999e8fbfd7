package dev.ibench.core.report.export;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.scratch.ScratchFolder;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Arrays;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Sample rows kept in a temporary file of ibench's {@link ScratchFolder} while a report is built (one JSON line each, without the drill-down detail), so
 * an export can write them once every cell's standing and every score key are known without holding the campaign's
 * rows in memory. Read back in the order added, with the same values (a double survives its JSON text exactly).
 */
public final class SampleRowSpool implements Consumer<SampleRow>, Iterable<SampleRow>, AutoCloseable {
    private static final TypeReference<LinkedHashMap<String, Double>> SCORES = new TypeReference<>() {};
    private final Path file;
    private final BufferedWriter out;
    private final Set<String> scoreKeys = new LinkedHashSet<>();
    private long rows;

    /** A spool whose file is a new file of {@code scratch}. */
    public SampleRowSpool(ScratchFolder scratch) {
        this.file = scratch.newFile("export-rows", ".jsonl");
        try {
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            file.toFile().delete();
            throw new UncheckedIOException("cannot open the export's temporary file " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void accept(SampleRow r) {
        scoreKeys.addAll(r.scores().keySet());
        try {
            out.write(Json.MAPPER.writeValueAsString(Arrays.asList(r.cellId(), r.model(), r.benchmark(), r.mode(), r.ablation(),
                    r.sampleId(), r.trial(), r.status(), r.scores())));
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the export's temporary file " + file + ": " + e.getMessage(), e);
        }
        rows++;
    }

    /** Every score key of the rows added, in the order first seen (the CSV columns). */
    public Set<String> scoreKeys() {
        return scoreKeys;
    }

    public long rows() {
        return rows;
    }

    /** The rows added, read back one at a time (the spool is complete: call once every row was added). */
    @Override
    public Iterator<SampleRow> iterator() {
        BufferedReader in;
        try {
            out.flush();
            in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the export's temporary file " + file + ": " + e.getMessage(), e);
        }
        return new Iterator<>() {
            private String next = read();

            private String read() {
                try {
                    String line = in.readLine();
                    if (line == null) {
                        in.close();
                    }
                    return line;
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the export's temporary file " + file + ": " + e.getMessage(), e);
                }
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public SampleRow next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                String line = next;
                next = read();
                return row(line);
            }
        };
    }

    private static SampleRow row(String line) {
        try {
            var node = Json.MAPPER.readTree(line);
            Map<String, Double> scores = Json.MAPPER.convertValue(node.get(8), SCORES);
            return new SampleRow(text(node.get(0)), text(node.get(1)), text(node.get(2)), text(node.get(3)), text(node.get(4)),
                    text(node.get(5)), node.get(6).asInt(), text(node.get(7)), scores, null);
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable line in the export's temporary file: " + e.getMessage(), e);
        }
    }

    private static String text(com.fasterxml.jackson.databind.JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    @Override
    public void close() {
        try {
            out.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the export's temporary file " + file + ": " + e.getMessage(), e);
        }
    }
}
