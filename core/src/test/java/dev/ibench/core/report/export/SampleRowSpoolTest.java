package dev.ibench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.scratch.ScratchFolder;
import java.nio.file.Path;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign export} keeps its rows in a temporary file while the report is read and writes them once every cell's
 * standing and score key is known: the CSV and JSON Lines written from the spool are those written from the rows in
 * memory, byte for byte (values that do not survive a careless round trip included: 0.1 + 0.2, 1/3, NaN, null fields,
 * commas, quotes and line breaks), and the file is gone once closed.
 */
class SampleRowSpoolTest {
    @TempDir Path scratch;

    private static List<SampleRow> rows() {
        List<SampleRow> rows = new ArrayList<>();
        Map<String, Double> direct = new LinkedHashMap<>();
        direct.put("intent.list.f1", 0.1 + 0.2);
        direct.put("slot.f1", 1.0 / 3);
        direct.put("completed", 1.0);
        rows.add(new SampleRow("c/m/b/direct", "m", "b", "direct", "none", "s,1", 0, "scored", direct, null));
        rows.add(new SampleRow("c/m/b/direct", "m", "b", "direct", "none", "s\"2\"\nx", 1, "infra_error", Map.of(), null));
        Map<String, Double> react = new LinkedHashMap<>();
        react.put("completed", 0.0);
        react.put("react.loops", 7.0);
        react.put("react.odd", Double.NaN);
        rows.add(new SampleRow("c/m/b/react", "m", "b", "react", null, "ü-3", 2, "scored", react, null));
        return rows;
    }

    @Test
    void rowsReadBackFromTheSpoolWriteTheSameExport() {
        List<SampleRow> rows = rows();
        Map<String, CellStanding> standings = Map.of("c/m/b/direct", new CellStanding("completed", null, 4, 1, 0, 1, 1));
        try (SampleRowSpool spool = new SampleRowSpool(new ScratchFolder(scratch))) {
            rows.forEach(spool);
            assertThat(spool.rows()).isEqualTo(3);
            assertThat(spool.scoreKeys()).containsExactly("intent.list.f1", "slot.f1", "completed", "react.loops", "react.odd");
            List<SampleRow> back = new ArrayList<>();
            spool.forEach(back::add);
            assertThat(back).isEqualTo(rows);

            StringWriter csv = new StringWriter();
            SampleScoresExport.writeCsv("c", spool, spool.scoreKeys(), standings, csv);
            assertThat(csv.toString()).isEqualTo(SampleScoresExport.csv("c", rows, standings));
            StringWriter jsonl = new StringWriter();
            SampleScoresExport.writeJsonl("c", spool, standings, null, jsonl);
            assertThat(jsonl.toString()).isEqualTo(SampleScoresExport.jsonl("c", rows, standings));
            assertThat(csv.toString()).contains("\"s,1\"").contains("0.30000000000000004").contains("0.3333333333333333");
        }
    }
}
