package dev.ibench.activities.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * Says what a failed write means when the disk of a SQLite results store is full ({@code SQLITE_FULL}): the file, its
 * folder's free space, and that the items wait. The failure stays retryable: once space is freed, the retried
 * activities write and the campaign goes on; SQLite rolls a failed transaction back, so nothing stored is torn.
 */
public final class DiskFull {
    /** SQLite's primary result code for "database or disk is full". */
    static final int SQLITE_FULL = 13;
    /** Words every explained message holds (after the file's name). */
    public static final String EXPLAINED = " is full (";

    private DiskFull() {}

    /** Whether {@code e} (or a cause) is SQLite's disk-full error. */
    public static boolean is(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && ((sql.getErrorCode() & 0xff) == SQLITE_FULL
                    || String.valueOf(sql.getMessage()).contains("SQLITE_FULL"))) {
                return true;
            }
        }
        return false;
    }

    /** {@code e}'s message, followed, on a full disk, by the file and the free space of its folder. */
    public static String explain(StoreLocation location, Exception e) {
        if (!is(e) || location.dialect() != StoreDialect.SQLITE) {
            return e.getMessage();
        }
        Path file = location.file().toAbsolutePath();
        return "the disk holding " + file + EXPLAINED + freeSpace(file) + "); free space there: the items wait and are "
                + "retried as infrastructure failures, nothing stored is lost (SQLite: " + e.getMessage() + ")";
    }

    private static String freeSpace(Path file) {
        try {
            long free = Files.getFileStore(file.getParent()).getUsableSpace();
            return free + " bytes free in " + file.getParent();
        } catch (IOException e) {
            return "free space of " + file.getParent() + " unknown: " + e.getMessage();
        }
    }
}
