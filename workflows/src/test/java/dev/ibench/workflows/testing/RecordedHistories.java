package dev.ibench.workflows.testing;

import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.WorkflowReplayer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * TEST TOOL for replay tests: workflow histories recorded from a TestWorkflowEnvironment run and checked in under
 * {@code src/test/resources}, replayed on today's workflow code so a change that is not guarded by
 * {@code Workflow.getVersion} fails the build. Run a recording test with {@code -Dibench.recordHistories=true} to
 * (re)write its file; without it the checked-in file is left alone. A resource named {@code *.gz} is written compact and
 * gzipped.
 */
public final class RecordedHistories {
    public static final String RECORD_PROPERTY = "ibench.recordHistories";

    private RecordedHistories() {}

    /** Replays the fresh history at once, and writes it to {@code src/test/resources/<resource>} when recording. */
    public static void replayAndMaybeRecord(WorkflowExecutionHistory history, String resource, Class<?> workflowImpl) throws Exception {
        WorkflowReplayer.replayWorkflowExecution(history, workflowImpl);
        if (Boolean.getBoolean(RECORD_PROPERTY)) {
            Path file = Path.of("src", "test", "resources").resolve(resource);
            Files.createDirectories(file.getParent());
            if (resource.endsWith(".gz")) {
                try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(file))) {
                    out.write(history.toJson(false).getBytes(StandardCharsets.UTF_8));
                }
            } else {
                Files.writeString(file, history.toJson(true));
            }
        }
    }

    /** The checked-in history JSON; a resource named {@code *.gz} (a long history, thousands of events) is gzipped. */
    public static String load(String resource) {
        try (InputStream in = RecordedHistories.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError("recorded history " + resource + " is missing; record it with -D" + RECORD_PROPERTY + "=true");
            }
            InputStream text = resource.endsWith(".gz") ? new java.util.zip.GZIPInputStream(in) : in;
            return new String(text.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
