package dev.ibench.activities.bfcl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactIntegrityException;
import dev.ibench.activities.artifact.DirectoryArtifactStore;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Memory snapshots kept by the SHA-256 of their text, read back verified; a scenario's fill refuses what it cannot resume. */
class BfclMemorySnapshotsTest {
    @TempDir Path dir;

    @Test
    void aSnapshotIsStoredUnderTheHashOfItsTextAndReadBackVerified() throws Exception {
        BfclMemorySnapshots snapshots = new BfclMemorySnapshots(new DirectoryArtifactStore(dir));
        String text = "{\n    \"memory\": \"caf\u00e9 at 08:00 AM\"\n}";
        ArtifactHash hash = snapshots.put(text);
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        assertThat(hash.hex()).isEqualTo(expected);
        assertThat(snapshots.get(hash)).isEqualTo(text);
        assertThat(snapshots.put(text)).as("the same text again keeps one copy").isEqualTo(hash);

        Path stored = dir.resolve("sha256").resolve(expected.substring(0, 2)).resolve(expected);
        Files.writeString(stored, "{\"memory\": \"changed\"}");
        assertThatThrownBy(() -> snapshots.get(hash)).isInstanceOf(ArtifactIntegrityException.class).hasMessageContaining(hash.toString());
    }

    @Test
    void aScenarioFillRefusesAnUnknownScenarioAndMoreSnapshotsThanConversations() throws Exception {
        BfclMemorySnapshots snapshots = new BfclMemorySnapshots(new DirectoryArtifactStore(dir));
        BfclMemoryEvalSet set = new BfclMemoryEvalSet("memory_kv", "MemoryAPI_kv", "BFCL_v4_memory.json", List.of(), Map.of("notetaker", List.of()),
                List.of());
        BfclMemoryScenario scenario = new BfclMemoryScenario(null, snapshots, Duration.ofSeconds(5));
        assertThatThrownBy(() -> scenario.fill(set, "finance", List.of(), (e, s) -> {}))
                .hasMessage("the memory eval set has no scenario 'finance'");
        assertThatThrownBy(() -> scenario.fill(set, "notetaker", List.of(snapshots.put("{}")), (e, s) -> {}))
                .hasMessage("scenario 'notetaker' has 0 prerequisite conversations, not 1");
        assertThat(scenario.fill(set, "notetaker", List.of(), (e, s) -> {})).isEmpty();
        assertThat(scenario.finalSnapshot(List.of())).as("no conversation: the memory is empty").isNull();
    }
}
