package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.bfcl.BfclMultiTurnSession;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 32 item 3's durability premise, on bfcl-eval's own backends: a session (one interpreter per entry) killed after
 * step k and rebuilt by executing its k recorded steps again holds exactly the lost state (every attribute, private ones
 * too), and from there gives the same results and final state as a session that was never interrupted. Entries of
 * multi_turn_base, multi_turn_miss_param and multi_turn_long_context, the ground truth made one call per step, the crash
 * step drawn with seed 32.
 */
class BfclMultiTurnReplayIT {
    @Test
    void aRebuiltSessionHoldsTheLostStateAndContinuesAsAnUninterruptedOne() throws Exception {
        BfclEvalPackage bfclEval = BfclEvalPackage.at(OfficialBfclChecker.install().root());
        BfclMultiTurnExecutor executor = new BfclMultiTurnExecutor(bfclEval, "python3", 2048, Files.createTempDirectory("bfcl-replay"));
        Duration limit = Duration.ofSeconds(60);
        Random random = new Random(32);
        List<BfclMultiTurnEntry> entries = new ArrayList<>();
        for (String category : List.of("multi_turn_base", "multi_turn_miss_param", "multi_turn_long_context")) {
            List<BfclMultiTurnEntry> all = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category), bfclEval.functionDocs(),
                    category).entries();
            entries.addAll(all.subList(0, category.equals("multi_turn_base") ? 8 : 3));
        }
        int changedBeforeCrash = 0;
        for (BfclMultiTurnEntry entry : entries) {
            List<List<String>> steps = entry.groundTruth().stream().flatMap(List::stream).map(List::of).toList();
            int k = 1 + random.nextInt(steps.size() - 1);

            String initial;
            List<List<String>> control = new ArrayList<>();
            String controlFinal;
            try (BfclMultiTurnSession uninterrupted = executor.open(entry, List.of(), limit)) {
                initial = uninterrupted.state();
                steps.forEach(step -> control.add(uninterrupted.execute(step)));
                controlFinal = uninterrupted.state();
            }

            BfclMultiTurnSession crashed = executor.open(entry, List.of(), limit);
            List<List<String>> before = new ArrayList<>();
            steps.subList(0, k).forEach(step -> before.add(crashed.execute(step)));
            String lost = crashed.state();
            crashed.close();
            assertThat(crashed.alive()).isFalse();
            if (!lost.equals(initial)) {
                changedBeforeCrash++;
            }

            try (BfclMultiTurnSession rebuilt = executor.open(entry, steps.subList(0, k), limit)) {
                assertThat(rebuilt.state()).as(entry.id() + ": state rebuilt after step " + k).isEqualTo(lost);
                List<List<String>> after = new ArrayList<>();
                steps.subList(k, steps.size()).forEach(step -> after.add(rebuilt.execute(step)));
                assertThat(before).as(entry.id() + " results before the crash").isEqualTo(control.subList(0, k));
                assertThat(after).as(entry.id() + " results after the rebuild").isEqualTo(control.subList(k, steps.size()));
                assertThat(rebuilt.state()).as(entry.id() + " final state").isEqualTo(controlFinal);
            }
        }
        System.out.printf("BfclMultiTurnReplayIT: %d entries rebuilt after a crash; %d had changed state at the crash%n", entries.size(), changedBeforeCrash);
        assertThat(changedBeforeCrash).as("crashes after state-changing calls (else the rebuild proves nothing)").isGreaterThanOrEqualTo(entries.size() / 2);
    }
}
