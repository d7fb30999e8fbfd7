package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * How a {@code batch: true} model's cells use the Batch API (docs/batch.md): {@code pollSeconds} is the longest wait
 * between two looks at an open batch (the waits grow from {@link #FIRST_POLL_SECONDS} up to it); {@code failedLines} says
 * what becomes of an item whose batch line failed or expired: {@code call} (sent again as a normal call) or {@code mark}
 * (recorded as an infrastructure error, for {@code campaign retry-errors}); {@code linesPerFile} and {@code bytesPerFile}
 * bound one input file (OpenAI: 50,000 requests and 200 MB); {@code pricePerMillionInput/Output} override the profile's
 * batch prices (USD per million tokens) for the ledger.
 */
public record BatchSettings(
        @JsonProperty("poll_seconds") Integer pollSeconds,
        @JsonProperty("failed_lines") String failedLines,
        @JsonProperty("lines_per_file") Integer linesPerFile,
        @JsonProperty("bytes_per_file") Long bytesPerFile,
        @JsonProperty("price_per_million_input") Double pricePerMillionInput,
        @JsonProperty("price_per_million_output") Double pricePerMillionOutput) {
    public static final int FIRST_POLL_SECONDS = 5;
    public static final int DEFAULT_POLL_SECONDS = 600;
    public static final int MAX_LINES_PER_FILE = 50_000;
    public static final long MAX_BYTES_PER_FILE = 200L * 1000 * 1000;
    public static final String CALL = "call";
    public static final String MARK = "mark";
    public static final BatchSettings DEFAULTS = new BatchSettings(null, null, null, null, null, null);

    public BatchSettings {
        pollSeconds = pollSeconds == null ? DEFAULT_POLL_SECONDS : pollSeconds;
        failedLines = failedLines == null ? CALL : failedLines;
        linesPerFile = linesPerFile == null ? MAX_LINES_PER_FILE : linesPerFile;
        bytesPerFile = bytesPerFile == null ? MAX_BYTES_PER_FILE : bytesPerFile;
    }

    /** What is wrong with these settings, each problem a sentence naming {@code field} (empty: nothing). */
    public List<String> problems(String field) {
        List<String> problems = new ArrayList<>();
        if (pollSeconds < 1 || pollSeconds > 86_400) {
            problems.add(field + ".poll_seconds: must be between 1 and 86400 (the longest wait between two looks at a batch), got " + pollSeconds);
        }
        if (!CALL.equals(failedLines) && !MARK.equals(failedLines)) {
            problems.add(field + ".failed_lines: must be 'call' (send the item again as a normal call) or 'mark' (record it as an"
                    + " infrastructure error), got '" + failedLines + "'");
        }
        if (linesPerFile < 1 || linesPerFile > MAX_LINES_PER_FILE) {
            problems.add(field + ".lines_per_file: must be between 1 and " + MAX_LINES_PER_FILE + ", got " + linesPerFile);
        }
        if (bytesPerFile < 1024 || bytesPerFile > MAX_BYTES_PER_FILE) {
            problems.add(field + ".bytes_per_file: must be between 1024 and " + MAX_BYTES_PER_FILE + ", got " + bytesPerFile);
        }
        if (pricePerMillionInput != null && pricePerMillionInput < 0 || pricePerMillionOutput != null && pricePerMillionOutput < 0) {
            problems.add(field + ": batch prices must be >= 0");
        }
        return problems;
    }
}
