package dev.ibench.activities.campaign;

/** What one look at a provider batch saw: its status, whether it ended, and its request counts. */
public record BatchLook(String status, boolean ended, int total, int completed, int failed) {}
