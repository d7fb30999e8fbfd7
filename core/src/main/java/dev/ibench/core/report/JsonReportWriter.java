package dev.ibench.core.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the JSON report as it is built, one cell at a time: the same bytes as {@link JsonReportRenderer#render} of the
 * whole report, without holding a cell's per-sample scores (they come from a {@link PerSampleSpool}). Call
 * {@link #begin}, {@link #cell} for each cell in order, then {@link #finish} with the campaign-wide parts (the cells as
 * kept for them, and trailing fields such as the spend section).
 */
public final class JsonReportWriter {
    private final JsonGenerator json;
    private int cells;

    public JsonReportWriter(Writer out) {
        try {
            this.json = Json.MAPPER.getFactory().createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the JSON report", e);
        }
        json.setPrettyPrinter(new DefaultPrettyPrinter());
        json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    }

    /** The fields before the cells, and the start of {@code cells} ({@code ablations}: every cell's, for the universe columns). */
    public void begin(String campaignId, String name, String generatedAt, List<BenchmarkUniverse> universes, List<String> ablations) {
        io(() -> {
            json.writeStartObject();
            for (Map.Entry<String, Object> e : JsonReportRenderer.header(campaignId, name, generatedAt, universes,
                    BenchmarkUniverse.shares(ablations)).entrySet()) {
                json.writeFieldName(e.getKey());
                json.writeObject(e.getValue());
            }
            json.writeFieldName("cells");
            json.writeStartArray();
        });
    }

    /**
     * Writes a cell whose per-sample entries are in {@code perSample} (its trial reports' own per-sample scores are not
     * written): the same bytes as {@link JsonReportRenderer#render} writes for the cell with those scores. The i-th trial
     * report is that of the i-th trial with entries.
     */
    public void cell(CellReport cell, CellStanding standing, PerSampleSpool perSample) {
        List<Integer> trials = perSample.trials();
        if (trials.size() != cell.trialReports().size()) {
            throw new IllegalStateException("cell " + cell.cellId() + ": " + cell.trialReports().size() + " trial reports but per-sample entries of "
                    + trials.size() + " trials");
        }
        io(() -> {
            json.writeStartObject();
            writeFields(JsonReportRenderer.cellHead(cell, standing));
            json.writeFieldName("trial_reports");
            json.writeStartArray();
            for (int i = 0; i < trials.size(); i++) {
                json.writeStartObject();
                writeFields(cell.trialReports().get(i).aggregateJsonTree());
                json.writeFieldName("per_sample");
                json.writeStartArray();
                perSample.copyTo(trials.get(i), json);
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
            json.flush();
        });
        cells++;
    }

    private void writeFields(Map<String, Object> fields) throws IOException {
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            json.writeFieldName(e.getKey());
            json.writeObject(e.getValue());
        }
    }

    /** Ends {@code cells}, writes {@code bfcl_overall} from {@code keptCells} and then {@code trailing} in order, and flushes. */
    public void finish(List<CellReport> keptCells, Map<String, ?> trailing) {
        io(() -> {
            json.writeEndArray();
            List<Object> bfcl = new ArrayList<>(JsonReportRenderer.bfclOverall(keptCells));
            if (!bfcl.isEmpty()) {
                json.writeFieldName("bfcl_overall");
                json.writeObject(bfcl);
            }
            for (Map.Entry<String, ?> e : trailing.entrySet()) {
                json.writeFieldName(e.getKey());
                json.writeObject(e.getValue());
            }
            json.writeEndObject();
            json.flush();
        });
    }

    public int cellsWritten() {
        return cells;
    }

    private interface JsonWork {
        void run() throws IOException;
    }

    private static void io(JsonWork work) {
        try {
            work.run();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the JSON report: " + e.getMessage(), e);
        }
    }
}
