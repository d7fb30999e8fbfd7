package dev.ibench.activities.store;

/** One stored tool execution: the call as JSON and the full observation it produced. */
public record ToolExecutionRecord(
        String cellId, String sampleId, int trial, int step, String callJson, String observation, boolean ok) {}
