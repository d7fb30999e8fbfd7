package dev.ibench.core.report.compare;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
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
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One campaign's scored sample rows kept in temporary files (a folder of ibench's {@link ScratchFolder}) while its
 * report is built, one file per cell key
 * ({@link SampleRow#cellKey()}), so a comparison reads back one cell's rows at a time instead of holding the
 * campaign's. Rows that are not {@code scored} are not kept (a comparison leaves them out). {@link #cellKeys} are in
 * the order their first scored row came; {@link #rows} gives a key's rows in the order added, with the same values (a
 * double survives its JSON text exactly).
 */
public final class CellScoresSpool implements Consumer<SampleRow>, AutoCloseable {
    private static final TypeReference<LinkedHashMap<String, Double>> SCORES = new TypeReference<>() {};
    private final ScratchFolder scratch;
    private final Path dir;
    private final Map<String, Path> files = new LinkedHashMap<>();
    private String openKey;
    private BufferedWriter open;

    /** A spool whose files go to a new folder of {@code scratch}. */
    public CellScoresSpool(ScratchFolder scratch) {
        this.scratch = scratch;
        this.dir = scratch.newFolder("compare-cells");
    }

    @Override
    public void accept(SampleRow r) {
        if (!r.status().equals("scored")) {
            return;
        }
        try {
            if (!r.cellKey().equals(openKey)) {
                closeOpen();
                Path file = files.computeIfAbsent(r.cellKey(), k -> dir.resolve("cell-" + files.size() + ".jsonl"));
                open = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                openKey = r.cellKey();
            }
            open.write(Json.MAPPER.writeValueAsString(Arrays.asList(r.sampleId(), r.scores())));
            open.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison's temporary files in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The cell keys with a scored row, in the order first seen. */
    public List<String> cellKeys() {
        return new ArrayList<>(files.keySet());
    }

    /** The scored rows of cell {@code key} as (sample id, scores), in the order added; empty for a key without rows. */
    public List<Map.Entry<String, Map<String, Double>>> rows(String key) {
        Path file = files.get(key);
        if (file == null) {
            return List.of();
        }
        try {
            closeOpen();
            List<Map.Entry<String, Map<String, Double>>> rows = new ArrayList<>();
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    JsonNode node = Json.MAPPER.readTree(line);
                    rows.add(Map.entry(node.get(0).asText(), Json.MAPPER.convertValue(node.get(1), SCORES)));
                }
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the comparison's temporary file " + file + ": " + e.getMessage(), e);
        }
    }

    private void closeOpen() throws IOException {
        if (open != null) {
            open.close();
            open = null;
            openKey = null;
        }
    }

    @Override
    public void close() {
        try {
            closeOpen();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the comparison's temporary file in " + dir + ": " + e.getMessage(), e);
        } finally {
            scratch.delete(dir);
        }
    }
}
