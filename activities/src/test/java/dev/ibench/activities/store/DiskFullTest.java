package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write that fails on a full disk says which file and how much space is left; other failures keep their message. */
class DiskFullTest {
    @TempDir Path dir;

    @Test
    void aFullDiskNamesTheFileAndTheFreeSpaceOfItsFolder() throws Exception {
        Path file = dir.resolve("results.db");
        StoreLocation location = StoreLocation.sqliteFile(file, "test");
        SQLException full = new SQLException("[SQLITE_FULL] Insertion failed because database is full (database or disk is full)", null, 13);
        long free = Files.getFileStore(dir).getUsableSpace();

        String message = DiskFull.explain(location, full);

        assertThat(DiskFull.is(new IllegalStateException("wrapped", full))).isTrue();
        assertThat(message).startsWith("the disk holding " + file.toAbsolutePath() + " is full (")
                .containsPattern("\\d+ bytes free in " + dir.toAbsolutePath().toString().replace("\\", "\\\\"))
                .contains("retried as infrastructure failures").contains("[SQLITE_FULL]");
        long reported = Long.parseLong(message.replaceAll(".* is full \\((\\d+) bytes free.*", "$1"));
        assertThat(reported).as("the folder's usable space, give or take other writers").isBetween(free / 2, free * 2 + 1);
        SQLException locked = new SQLException("[SQLITE_BUSY] database is locked", null, 5);
        assertThat(DiskFull.explain(location, locked)).isEqualTo("[SQLITE_BUSY] database is locked");
    }
}
