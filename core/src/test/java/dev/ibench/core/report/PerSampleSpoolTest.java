package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.ibench.core.json.Json;
import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.ErrorClassification;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.LcsMetric;
import dev.ibench.core.metrics.SequenceAccuracyMetric;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.scratch.ScratchFolder;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.ScoreReport;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON report's per-sample entries spooled per trial come back as the same pretty-printed bytes as the entries held in
 * memory, whatever their text (non-ASCII, a lone surrogate, quotes) and numbers, in the order added, and leave no file.
 */
class PerSampleSpoolTest {
    @TempDir Path scratch;
    private static final String[] IDS = {"plain", "caf\u00e9 \uD83D\uDE00", "lone \uD800 surrogate", "quote \" and \\ and \n", "\u4e2d\u6587"};
    private static final double[] NUMBERS = {1.0, 0.0, 1 / 3.0, 2 / 3.0, 1e-4, 1e-7, 123456789.125, Double.MIN_VALUE, 0.1 + 0.2, Double.NaN};

    @Test
    void entriesComeBackAsTheSameBytesInTheOrderAddedPerTrial() throws Exception {
        List<List<SampleScore>> byTrial = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        String expected;
        String written;
        Path dir;
        try (PerSampleSpool spool = new PerSampleSpool(new ScratchFolder(scratch))) {
            // trial 1 never gets an entry: the spool names the trials that did, in order
            for (int i = 0; i < 50; i++) {
                int trial = i % 5 == 0 ? 2 : 0;
                SampleScore s = score(IDS[i % IDS.length] + " " + i, NUMBERS[i % NUMBERS.length], i);
                byTrial.get(trial).add(s);
                spool.add(trial, s);
            }
            assertThat(spool.trials()).containsExactly(0, 2);
            expected = pretty(g -> {
                for (int trial : List.of(0, 2)) {
                    g.writeObject(byTrial.get(trial).stream().map(ScoreReport::perSampleJsonTree).toList());
                }
            });
            written = pretty(g -> {
                for (int trial : spool.trials()) {
                    g.writeStartArray();
                    spool.copyTo(trial, g);
                    g.writeEndArray();
                }
            });
            dir = spool.folder();
            try (var files = Files.list(dir)) {
                assertThat(files).as("one file per trial with entries").hasSize(2);
            }
            spool.clear();
            assertThat(spool.trials()).isEmpty();
            try (var files = Files.list(dir)) {
                assertThat(files).as("files removed when cleared").isEmpty();
            }
        }
        assertThat(dir).doesNotExist();
        assertThat(dir.getParent()).as("the spool's folder is in the scratch folder").isEqualTo(scratch);
        try (var left = Files.list(scratch)) {
            assertThat(left).as("left in the scratch folder").isEmpty();
        }
        assertThat(written).isEqualTo(expected);
        assertThat(expected).contains("lone \uD800 surrogate").contains("caf\u00e9").contains("0.3333333333333333").contains("1.0E-4")
                .contains("\"NaN\"");
    }

    private interface Writing {
        void to(JsonGenerator g) throws Exception;
    }

    /** What the report's generator writes: pretty-printed inside an array, as {@code per_sample} is. */
    private static String pretty(Writing body) throws Exception {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(out)) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            g.writeStartObject();
            g.writeFieldName("cells");
            g.writeStartArray();
            body.to(g);
            g.writeEndArray();
            g.writeEndObject();
        }
        return out.toString();
    }

    private static SampleScore score(String id, double x, int i) {
        Map<IntentMode, Counts> intent = new EnumMap<>(IntentMode.class);
        for (IntentMode mode : IntentMode.values()) {
            intent.put(mode, new Counts(i % 3, i % 2, mode.ordinal()));
        }
        return new SampleScore(id, new ParsedOutput(dev.ibench.core.parse.ParseStatus.PARSED, List.of(), i % 2 == 0 ? "json" : null, null),
                List.of("filter_data", id), i % 4 == 0 ? List.of() : List.of("sort_data"), intent, new Counts(i, 1, 2),
                new LcsMetric.Score(i % 3, x, 1 - x), new SequenceAccuracyMetric.Score(1, x / 2, i % 2 == 0), i % 3 == 0 ? null : i % 3 == 1,
                i % 2 == 0 ? ErrorClassification.NONE : new ErrorClassification(BfclErrorCategory.VALUE_ERROR, "v"), List.of("lost " + id), null, null);
    }
}
