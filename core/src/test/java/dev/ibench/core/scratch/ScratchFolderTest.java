package dev.ibench.core.scratch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ibench's scratch folder: entries are made inside it, named by purpose and owner pid; a sweep removes exactly the
 * entries whose owner is gone and that nobody touched for a day, and never anything outside the folder.
 */
class ScratchFolderTest {
    /** Above Linux's largest pid (2^22) and any other system's in practice: no live process has it. */
    private static final long DEAD_PID = 999_999_999L;
    private static final long OWN_PID = ProcessHandle.current().pid();

    @TempDir Path dir;

    @Test
    void entriesAreMadeInsideTheFolderOnDemandNamedByPurposeAndPid() throws Exception {
        ScratchFolder scratch = new ScratchFolder(dir.resolve("home/.ibench/tmp"));
        assertThat(dir.resolve("home")).doesNotExist();
        Path file = scratch.newFile("html-samples", ".utf16");
        Path folder = scratch.newFolder("compare-cells");
        assertThat(file).isRegularFile().hasParent(dir.resolve("home/.ibench/tmp"));
        assertThat(folder).isDirectory().hasParent(dir.resolve("home/.ibench/tmp"));
        assertThat(file.getFileName().toString()).startsWith("html-samples." + OWN_PID + ".").endsWith(".utf16");
        assertThat(folder.getFileName().toString()).startsWith("compare-cells." + OWN_PID + ".");
        assertThat(ScratchFolder.ownerPid(file.getFileName().toString())).hasValue(OWN_PID);
        Files.writeString(folder.resolve("cell-0.jsonl"), "x");
        scratch.delete(folder);
        scratch.delete(file);
        try (var left = Files.list(scratch.root())) {
            assertThat(left).isEmpty();
        }
        assertThatThrownBy(() -> scratch.newFile("../escape", ".x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'../escape'");
    }

    @Test
    void aSweepRemovesOnlyEntriesOfGoneProcessesUntouchedForADay() throws Exception {
        ScratchFolder scratch = new ScratchFolder(dir.resolve("tmp"));
        Files.createDirectories(scratch.root());
        Instant now = Instant.parse("2026-11-27T00:00:00Z");
        Instant old = now.minus(ScratchFolder.STALE_AFTER).minusSeconds(60);
        Instant recent = now.minus(ScratchFolder.STALE_AFTER).plusSeconds(60);
        // a killed report's spool folder: its pid is gone, nothing in it changed for a day and a minute
        Path killed = Files.createDirectory(scratch.root().resolve("compare-cells." + DEAD_PID + ".123"));
        Files.writeString(killed.resolve("cell-0.jsonl"), "[]");
        age(killed.resolve("cell-0.jsonl"), old);
        age(killed, old);
        Path killedFile = age(Files.writeString(scratch.root().resolve("export-rows." + DEAD_PID + ".9.jsonl"), "[]"), old);
        // gone owner, but a file inside changed a minute inside the day: kept
        Path recentInside = Files.createDirectory(scratch.root().resolve("json-per-sample." + DEAD_PID + ".5"));
        age(Files.writeString(recentInside.resolve("trial-0.json"), "{}"), recent);
        age(recentInside, old);
        // this process's own entry, however old: kept
        Path mine = age(Files.writeString(scratch.root().resolve("html-samples." + OWN_PID + ".7.utf16"), "x"), old);
        // not named by ibench and old: removed (nothing else belongs here)
        Path stranger = age(Files.writeString(scratch.root().resolve("leftover.txt"), "x"), old);

        assertThat(scratch.sweepStale(now)).isEqualTo(3);
        assertThat(killed).doesNotExist();
        assertThat(killedFile).doesNotExist();
        assertThat(stranger).doesNotExist();
        assertThat(recentInside.resolve("trial-0.json")).exists();
        assertThat(mine).exists();
    }

    @Test
    void aSweepNeverReachesOutsideTheFolder() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("precious"));
        Path keep = Files.writeString(outside.resolve("keep.txt"), "mine");
        age(keep, Instant.EPOCH);
        ScratchFolder scratch = new ScratchFolder(dir.resolve("tmp"));
        Files.createDirectories(scratch.root());
        Path link = scratch.root().resolve("serve-tools." + DEAD_PID + ".1");
        Files.createSymbolicLink(link, outside);
        Path nested = Files.createDirectory(scratch.root().resolve("rest-publish." + DEAD_PID + ".2"));
        Files.createSymbolicLink(nested.resolve("into"), outside);
        age(nested, Instant.EPOCH);

        Instant now = Instant.now().plus(Duration.ofDays(3650)); // everything in the folder, links included, is stale
        assertThat(scratch.sweepStale(now)).isEqualTo(2);
        assertThat(link).doesNotExist();
        assertThat(nested).doesNotExist();
        assertThat(keep).hasContent("mine");
        assertThatThrownBy(() -> scratch.delete(keep)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an entry of ibench's scratch folder");
        assertThatThrownBy(() -> scratch.delete(scratch.root().resolve("../precious"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> scratch.delete(scratch.root())).isInstanceOf(IllegalArgumentException.class);
        assertThat(keep).hasContent("mine");
    }

    @Test
    void makingAnEntrySweepsFirst() throws Exception {
        ScratchFolder scratch = new ScratchFolder(dir.resolve("tmp"));
        Files.createDirectories(scratch.root());
        Path killed = age(Files.writeString(scratch.root().resolve("export-rows." + DEAD_PID + ".1.jsonl"), "[]"),
                Instant.now().minus(ScratchFolder.STALE_AFTER).minusSeconds(3600));
        Path made = scratch.newFile("export-rows", ".jsonl");
        assertThat(killed).doesNotExist();
        assertThat(made).exists();
    }

    private static Path age(Path p, Instant modified) throws Exception {
        Files.setLastModifiedTime(p, FileTime.from(modified));
        return p;
    }
}
