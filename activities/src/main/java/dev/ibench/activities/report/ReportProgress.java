package dev.ibench.activities.report;

/** Told how far a report has read the store: cells begun and done, items read (a progress line on a terminal). */
public interface ReportProgress {
    ReportProgress NONE = new ReportProgress() {};

    default void started(int cells) {}

    /** A cell begins: {@code items} is its planned items (samples x trials). */
    default void cellStarted(String cellId, long items) {}

    /** One stored result was read. */
    default void item() {}

    default void cellDone() {}

    default void finished() {}
}
