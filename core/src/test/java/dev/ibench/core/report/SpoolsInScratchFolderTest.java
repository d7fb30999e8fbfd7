package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.report.compare.CellScoresSpool;
import dev.ibench.core.report.export.SampleRowSpool;
import dev.ibench.core.report.html.DrillDownSpool;
import dev.ibench.core.scratch.ScratchFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every report spool keeps its files in the scratch folder it is given (one entry named by its purpose and this
 * process's pid, holding what was spooled) and leaves the folder empty once closed.
 */
class SpoolsInScratchFolderTest {
    private static final long PID = ProcessHandle.current().pid();
    private static final SampleRow A1 = new SampleRow("c/m/b/direct", "m", "b", "direct", "none", "s1", 0, "scored", Map.of("completed", 1.0), null);
    private static final SampleRow A2 = new SampleRow("c/m/b/direct", "m", "b", "direct", "none", "s2", 0, "scored", Map.of("completed", 0.0), null);
    private static final SampleRow B1 = new SampleRow("c/m/b/react", "m", "b", "react", "none", "s1", 0, "scored", Map.of("completed", 1.0), null);

    @TempDir Path dir;

    @Test
    void theHtmlDrillDownSpoolsToOneFileOfTheScratchFolder() throws Exception {
        ScratchFolder scratch = new ScratchFolder(dir.resolve("tmp"));
        try (DrillDownSpool spool = new DrillDownSpool(scratch)) {
            List.of(A1, A2, B1).forEach(spool);
            Path file = onlyEntry(scratch, "html-samples");
            assertThat(file).isRegularFile().hasFileName(file.getFileName().toString());
            assertThat(file.getFileName().toString()).endsWith(".utf16");
        }
        assertEmpty(scratch);
    }

    @Test
    void theExportSpoolsToOneFileOfTheScratchFolder() throws Exception {
        ScratchFolder scratch = new ScratchFolder(dir.resolve("tmp"));
        try (SampleRowSpool spool = new SampleRowSpool(scratch)) {
            List.of(A1, A2, B1).forEach(spool);
            List<SampleRow> back = new ArrayList<>();
            spool.forEach(back::add);
            assertThat(back).containsExactly(A1, A2, B1);
            Path file = onlyEntry(scratch, "export-rows");
            assertThat(Files.readAllLines(file)).hasSize(3);
        }
        assertEmpty(scratch);
    }

    @Test
    void theComparisonSpoolsToOneFolderOfTheScratchFolder() throws Exception {
        ScratchFolder scratch = new ScratchFolder(dir.resolve("tmp"));
        try (CellScoresSpool spool = new CellScoresSpool(scratch)) {
            List.of(A1, A2, B1).forEach(spool);
            assertThat(spool.rows(A1.cellKey())).extracting(Map.Entry::getKey).containsExactly("s1", "s2");
            Path folder = onlyEntry(scratch, "compare-cells");
            try (var cells = Files.list(folder)) {
                assertThat(cells).as("one file per cell").hasSize(2);
            }
        }
        assertEmpty(scratch);
    }

    @Test
    void theJsonReportSpoolsToOneFolderOfTheScratchFolder() throws Exception {
        ScratchFolder scratch = new ScratchFolder(dir.resolve("tmp"));
        try (PerSampleSpool spool = new PerSampleSpool(scratch)) {
            Path folder = onlyEntry(scratch, "json-per-sample");
            assertThat(spool.folder()).isEqualTo(folder);
            assertThat(folder).isDirectory();
        }
        assertEmpty(scratch);
    }

    private static Path onlyEntry(ScratchFolder scratch, String purpose) throws Exception {
        try (var entries = Files.list(scratch.root())) {
            List<Path> all = entries.toList();
            assertThat(all).as("entries of the scratch folder").hasSize(1);
            assertThat(all.get(0).getFileName().toString()).startsWith(purpose + "." + PID + ".");
            return all.get(0);
        }
    }

    private static void assertEmpty(ScratchFolder scratch) throws Exception {
        try (var entries = Files.list(scratch.root())) {
            assertThat(entries).as("left in the scratch folder after close").isEmpty();
        }
    }
}
