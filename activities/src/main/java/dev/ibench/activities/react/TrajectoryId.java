package dev.ibench.activities.react;

/**
 * Which ReACT trajectory a tool step belongs to: one trial of one sample in one cell. An environment whose tools hold
 * state may keep a session per trajectory between its steps ({@link ReactToolEnvironment}).
 */
public record TrajectoryId(String cellId, String sampleId, int trial) {}
