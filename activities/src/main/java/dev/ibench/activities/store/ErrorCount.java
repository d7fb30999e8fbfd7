package dev.ibench.activities.store;

/** How many of a cell's answers (sample and trial) have an {@code errors} row of one kind, with one of its messages. */
public record ErrorCount(String kind, int answers, String message) {}
