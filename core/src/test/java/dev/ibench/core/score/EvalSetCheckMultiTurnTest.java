package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A BFCL multi-turn eval set given to a campaign is refused with a sentence saying what it is, before any server. */
class EvalSetCheckMultiTurnTest {
    @TempDir Path dir;

    @Test
    void aMultiTurnSetIsNamedAsSuch() throws Exception {
        BfclMultiTurnEntry e = new BfclMultiTurnEntry("multi_turn_base_0", "multi_turn_base",
                List.of(List.of(Map.of("role", "user", "content", "hi"))), List.of("MathAPI"), Map.of(), Map.of(), List.of(List.of("add(a=1, b=2)")));
        Path file = dir.resolve("bfcl-multi-turn-base.json");
        Files.writeString(file, new BfclMultiTurnEvalSet("multi_turn_base", "src.json", Map.of("MathAPI", List.of()), List.of(e)).toJson().toString());
        assertThatThrownBy(() -> EvalSetCheck.samples(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eval set " + file + ": a BFCL multi-turn eval set; campaigns do not run multi-turn conversations yet (docs/bfcl.md#multi-turn)");
    }
}
