package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryPrerequisite;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BFCL multi-turn eval set is checked whole as one (campaigns run its entries as conversations); read as a set of samples
 * it is named as such; an entry whose ground truth misses a turn is refused naming the entry.
 */
class EvalSetCheckMultiTurnTest {
    @TempDir Path dir;

    @Test
    void aMultiTurnSetIsNamedAsSuch() throws Exception {
        BfclMultiTurnEntry e = new BfclMultiTurnEntry("multi_turn_base_0", "multi_turn_base",
                List.of(List.of(Map.of("role", "user", "content", "hi"))), List.of("MathAPI"), Map.of(), Map.of(), List.of(List.of("add(a=1, b=2)")));
        Path file = dir.resolve("bfcl-multi-turn-base.json");
        Files.writeString(file, new BfclMultiTurnEvalSet("multi_turn_base", "src.json", Map.of("MathAPI", List.of()), List.of(e)).toJson().toString());
        assertThatThrownBy(() -> EvalSetCheck.samples(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eval set " + file + ": a BFCL multi-turn eval set, not a set of samples");
        assertThat(EvalSetCheck.multiTurn(file).entries()).extracting(BfclMultiTurnEntry::id).containsExactly("multi_turn_base_0");
    }

    @Test
    void anEntryWithoutGroundTruthForEachTurnIsRefusedNamingIt() throws Exception {
        BfclMultiTurnEntry e = new BfclMultiTurnEntry("multi_turn_base_7", "multi_turn_base",
                List.of(List.of(Map.of("role", "user", "content", "hi")), List.of(Map.of("role", "user", "content", "again"))),
                List.of("MathAPI"), Map.of(), Map.of(), List.of(List.of("add(a=1, b=2)")));
        Path file = dir.resolve("short.json");
        Files.writeString(file, new BfclMultiTurnEvalSet("multi_turn_base", "src.json", Map.of("MathAPI", List.of()), List.of(e)).toJson().toString());
        assertThatThrownBy(() -> EvalSetCheck.multiTurn(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eval set " + file + " entry #0 (id multi_turn_base_7): 1 ground-truth turns for 2 turns");
    }

    @Test
    void aMemorySetIsNamedAsNotASetOfSamplesAndItsVectorCategoryNeedsTheModelFolder() throws Exception {
        Path file = dir.resolve("bfcl-memory-kv.json");
        BfclMemoryEvalSet set = new BfclMemoryEvalSet("memory_kv", "MemoryAPI_kv", "BFCL_v4_memory.json", List.of(),
                Map.of("notetaker", List.of(new BfclMemoryPrerequisite("memory_kv_prereq_0-notetaker-0", "t",
                        List.of(List.of(Map.of("role", "user", "content", "I am Michael.")))))),
                List.of(new BfclMemoryQuestion("memory_kv_0-notetaker-0", "notetaker", List.of(Map.of("role", "user", "content", "Name?")),
                        List.of("Michael"))));
        Files.writeString(file, set.toJson().toString());
        assertThatThrownBy(() -> EvalSetCheck.samples(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eval set " + file + ": a BFCL memory eval set, not a set of samples");
        assertThat(BfclMemoryEvalSet.read(file)).isEqualTo(set);
        assertThat(EvalSetCheck.memory(file, false)).isEqualTo(set);

        Path vector = dir.resolve("bfcl-memory-vector.json");
        Files.writeString(vector, new BfclMemoryEvalSet("memory_vector", "MemoryAPI_vector", "BFCL_v4_memory.json", List.of(), set.scenarios(),
                set.questions()).toJson().toString());
        assertThatThrownBy(() -> EvalSetCheck.memory(vector, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eval set " + vector + ": a BFCL memory_vector eval set, which campaigns run only when IBENCH_BFCL_VECTOR_MODEL "
                        + "names the folder of its embedding model (docs/bfcl.md#memory)");
        assertThat(EvalSetCheck.memory(vector, true).category()).isEqualTo("memory_vector");

        Path orphan = dir.resolve("bfcl-memory-orphan.json");
        Files.writeString(orphan, new BfclMemoryEvalSet("memory_kv", "MemoryAPI_kv", "BFCL_v4_memory.json", List.of(), Map.of(),
                set.questions()).toJson().toString());
        assertThatThrownBy(() -> EvalSetCheck.memory(orphan, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eval set " + orphan + " question memory_kv_0-notetaker-0: no prerequisite conversations for its scenario 'notetaker'");
    }
}
