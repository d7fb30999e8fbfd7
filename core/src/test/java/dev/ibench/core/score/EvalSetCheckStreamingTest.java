package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.sample.EvalSample;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link EvalSetCheck#forEach} checks an eval set one sample at a time: it refuses what {@link EvalSetCheck#samples}
 * refuses, with the same messages, hands over every sample in file order and counts them, and in each of the three
 * layouts a sample it has handed over is no longer held by the reader once later ones are read (a campaign's planning
 * of a 100,000-sample set must not hold the set).
 */
class EvalSetCheckStreamingTest {
    private static final int SAMPLES = 300;

    @TempDir Path dir;

    private static String sample(int i) {
        return "{\"sample_id\": \"s" + i + "\", \"input\": \"question " + i + "\", \"output\": [], \"tools\": []}";
    }

    private static String samples(String separator) {
        return IntStream.range(0, SAMPLES).mapToObj(EvalSetCheckStreamingTest::sample).collect(Collectors.joining(separator));
    }

    private Path write(String name, String content) throws Exception {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void everySampleIsHandedOverInFileOrderAndCounted() throws Exception {
        for (Path file : List.of(write("a.json", "[" + samples(",") + "]"), write("d.json", "{\"name\": \"x\", \"data\": [" + samples(",") + "]}"),
                write("l.jsonl", samples("\n") + "\n"))) {
            List<String> ids = new ArrayList<>();
            assertThat(EvalSetCheck.forEach(file, s -> ids.add(s.sampleId()))).as(file.toString()).isEqualTo(SAMPLES);
            assertThat(ids).hasSize(SAMPLES).startsWith("s0", "s1").endsWith("s" + (SAMPLES - 1));
            assertThat(EvalSetCheck.samples(file)).extracting(EvalSample::sampleId).isEqualTo(ids);
        }
    }

    @Test
    void refusesWhatTheWholeFileCheckRefusedWithTheSameMessages() throws Exception {
        Path noInput = write("ids.json", "[" + sample(0) + ", {\"sample_id\": 9}]");
        assertThatThrownBy(() -> EvalSetCheck.forEach(noInput, s -> {})).hasMessage("eval set " + noInput
                + " sample #1 (sample_id 9): no 'input' (the question the model is asked); is this an eval set?");
        Path empty = write("empty.json", "[]");
        assertThatThrownBy(() -> EvalSetCheck.forEach(empty, s -> {})).hasMessage("eval set " + empty + ": holds no samples");
        Path emptyData = write("empty-data.json", "{\"data\": []}");
        assertThatThrownBy(() -> EvalSetCheck.forEach(emptyData, s -> {})).hasMessage("eval set " + emptyData + ": holds no samples");
        Path noData = write("coverage.json", "{\"covered\": [1, 2], \"data\": {\"a\": 1}}");
        assertThatThrownBy(() -> EvalSetCheck.forEach(noData, s -> {}))
                .hasMessage("eval set " + noData + ": expected a JSON array of samples or an object with a 'data' array");
        Path truncated = write("cut.json", "{\"data\": [" + sample(0) + ", " + sample(1) + "]");
        assertThatThrownBy(() -> EvalSetCheck.forEach(truncated, s -> {})).hasMessageContaining("eval set " + truncated + ": not valid JSON");
        Path after = write("after.json", "{\"data\": [" + sample(0) + "]} {\"data\": []}");
        assertThatThrownBy(() -> EvalSetCheck.forEach(after, s -> {}))
                .hasMessage("eval set " + after + ": not valid JSON: more content after the object");
        // JSON Lines: the line number is the file's, blank lines included
        Path lines = write("set.jsonl", "\n" + sample(0) + "\n\n{\"sample_id\": \"s1\", \"input\": \"q\"\n");
        assertThatThrownBy(() -> EvalSetCheck.forEach(lines, s -> {})).hasMessageContaining(lines + " line 4: not valid JSON");
        for (Path bad : List.of(noInput, empty, emptyData, noData, truncated, after, lines)) {
            assertThatThrownBy(() -> EvalSetCheck.samples(bad)).as(bad.toString()).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aHandedOverSampleIsNotHeldWhileLaterOnesAreRead() throws Exception {
        for (Path file : List.of(write("a.json", "[" + samples(",") + "]"), write("d.json", "{\"data\": [" + samples(",") + "]}"),
                write("l.jsonl", samples("\n")))) {
            List<WeakReference<EvalSample>> seen = new ArrayList<>();
            boolean[] firstCollected = {false};
            EvalSetCheck.forEach(file, s -> {
                seen.add(new WeakReference<>(s));
                if (seen.size() == SAMPLES) {
                    // the last sample: the first one is garbage unless the reader still holds the samples it read
                    for (int i = 0; i < 20 && !firstCollected[0]; i++) {
                        System.gc();
                        firstCollected[0] = seen.get(0).get() == null;
                    }
                }
            });
            assertThat(firstCollected[0]).as("first sample of " + file.getFileName() + " collected while the last is read").isTrue();
        }
    }
}
