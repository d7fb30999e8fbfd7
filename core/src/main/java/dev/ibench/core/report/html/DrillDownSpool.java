package dev.ibench.core.report.html;

import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.scratch.ScratchFolder;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The HTML report's Samples section kept in a temporary file of ibench's {@link ScratchFolder} while the report is built: each row is rendered as it is
 * read (its drill-down detail let go at once) and its HTML stored as UTF-16 code units, so any text, even a lone
 * surrogate of a model's output, comes back exactly. {@link #writeTo} then writes the section cell by cell, in the
 * report's cell order, with each cell's item count ahead of its rows: byte for byte what {@link DrillDownSection}
 * writes from the rows held in memory. Memory holds one row and, per cell, its counts and file ranges.
 */
public final class DrillDownSpool implements Consumer<SampleRow>, AutoCloseable {
    private static final int CHUNK_CHARS = 1 << 15;
    private final Path file;
    private final DataOutputStream out;
    private final Map<String, CellRows> cells = new LinkedHashMap<>();
    private final StringBuilder html = new StringBuilder();
    private long chars;
    private CellRows last;

    /** One cell's rows: how many, how many without detail, and where their HTML is (char offset and length pairs). */
    private static final class CellRows {
        long items;
        long withoutDetail;
        final List<long[]> ranges = new ArrayList<>();
    }

    /** A spool whose file is a new file of {@code scratch}. */
    public DrillDownSpool(ScratchFolder scratch) {
        this.file = scratch.newFile("html-samples", ".utf16");
        try {
            this.out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        } catch (IOException e) {
            file.toFile().delete();
            throw new UncheckedIOException("cannot open the html report's temporary file " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void accept(SampleRow row) {
        html.setLength(0);
        DrillDownSection.sample(html, row);
        try {
            out.writeChars(html.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the html report's temporary file " + file + ": " + e.getMessage(), e);
        }
        CellRows cell = cells.computeIfAbsent(row.cellId(), k -> new CellRows());
        cell.items++;
        if (row.detail() == null) {
            cell.withoutDetail++;
        }
        if (cell == last) {
            cell.ranges.get(cell.ranges.size() - 1)[1] += html.length();
        } else {
            cell.ranges.add(new long[] {chars, html.length()});
        }
        last = cell;
        chars += html.length();
    }

    /** Writes the Samples section for the report's {@code cells} (in their order; rows of other cells are left out). */
    public void writeTo(List<CellReport> reportCells, Writer w) throws IOException {
        if (cells.isEmpty()) {
            return;
        }
        out.flush();
        StringBuilder h = new StringBuilder();
        DrillDownSection.heading(h);
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(CHUNK_CHARS * 2);
            for (CellReport cell : reportCells) {
                CellRows rows = cells.get(cell.cellId());
                if (rows == null) {
                    continue;
                }
                DrillDownSection.cellStart(h, cell, rows.items);
                w.append(h);
                h.setLength(0);
                for (long[] range : rows.ranges) {
                    copy(in, range[0] * 2, range[1] * 2, buffer, w);
                }
                DrillDownSection.cellEnd(h, rows.withoutDetail);
            }
        }
        w.append(h);
    }

    private static void copy(FileChannel in, long from, long bytes, ByteBuffer buffer, Writer w) throws IOException {
        char[] chunk = new char[CHUNK_CHARS];
        long position = from;
        long end = from + bytes;
        while (position < end) {
            buffer.clear();
            buffer.limit((int) Math.min(buffer.capacity(), end - position));
            while (buffer.hasRemaining()) {
                if (in.read(buffer, position + buffer.position()) < 0) {
                    throw new IOException("the html report's temporary file ended early");
                }
            }
            buffer.flip();
            int n = buffer.remaining() / 2;
            buffer.asCharBuffer().get(chunk, 0, n);
            w.write(chunk, 0, n);
            position += buffer.limit();
        }
    }

    @Override
    public void close() {
        try {
            out.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the html report's temporary file " + file + ": " + e.getMessage(), e);
        }
    }
}
