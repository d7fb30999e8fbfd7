package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnChecker;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.BfclMultiTurnVerdict;
import dev.ibench.testing.bfcl.BfclMultiTurnMutations;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Acceptance 3 of issue 32 (its differential part): on every entry of bfcl-eval 2026.3.23's four multi-turn categories,
 * ibench's multi-turn scoring (calls executed by its own sandboxed runner against bfcl-eval's backend classes, judged by
 * {@link BfclMultiTurnChecker}) gives the same verdict and error type as bfcl-eval's {@code multi_turn_checker} on the
 * same decoded calls: the ground truth replayed as the model's calls (one step per turn, and one call per step), and
 * seeded mutations of it ({@link BfclMultiTurnMutations}, seed 32). Prints per category the counts compared and agreed,
 * the ground-truth entries both fail, and per mutation kind how many were generated.
 */
class BfclMultiTurnAgreementIT {
    static final long SEED = 32;
    static final int MUTATIONS_PER_ENTRY = 4;

    private static OfficialBfclChecker official;
    private static BfclEvalPackage bfclEval;

    record Input(String category, String kind, BfclMultiTurnEntry entry, List<List<List<String>>> decoded) {}

    @BeforeAll
    static void install() {
        official = OfficialBfclChecker.install();
        bfclEval = BfclEvalPackage.at(official.root());
    }

    @Test
    void everyVerdictAndErrorTypeEqualsMultiTurnChecker() throws Exception {
        BfclMultiTurnMutations mutations = new BfclMultiTurnMutations(SEED);
        List<Input> inputs = new ArrayList<>();
        Map<String, Integer> entries = new LinkedHashMap<>();
        for (String category : BfclMultiTurnImporter.CATEGORIES) {
            BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category),
                    bfclEval.functionDocs(), category);
            assertThat(imported.rejected()).as(category + " rows left out").isEmpty();
            assertThat(imported.entries()).as(category).hasSize(200);
            entries.put(category, imported.entries().size());
            for (BfclMultiTurnEntry e : imported.entries()) {
                inputs.add(new Input(category, "gold", e, BfclMultiTurnMutations.oneStepPerTurn(e.groundTruth())));
                inputs.add(new Input(category, "gold_call_per_step", e, BfclMultiTurnMutations.oneCallPerStep(e.groundTruth())));
                mutations.of(e.groundTruth(), MUTATIONS_PER_ENTRY).forEach(m -> inputs.add(new Input(category, m.kind(), e, m.turns())));
            }
        }

        long started = System.nanoTime();
        Path work = Files.createTempDirectory("bfcl-mt");
        BfclMultiTurnExecutor executor = new BfclMultiTurnExecutor(bfclEval, "python3", 2048, work);
        List<BfclMultiTurnExecutor.Result> executed = executor.execute(
                inputs.stream().map(i -> new BfclMultiTurnExecutor.Request(i.entry(), i.decoded())).toList(), Duration.ofMinutes(5));
        double ibenchSeconds = (System.nanoTime() - started) / 1e9;
        started = System.nanoTime();
        List<OfficialBfclChecker.MultiTurnVerdict> theirs = official.judgeMultiTurnPerTurn(inputs.stream().map(i -> new OfficialBfclChecker.MultiTurnCase(
                i.entry().id() + "/" + i.kind(), i.category(), officialEntry(i.entry()), i.decoded(), i.entry().groundTruth())).toList());
        double officialSeconds = (System.nanoTime() - started) / 1e9;

        Map<String, int[]> perCategory = new TreeMap<>();
        Map<String, Integer> kinds = new TreeMap<>();
        Map<String, Integer> errorTypes = new TreeMap<>();
        List<String> differences = new ArrayList<>();
        List<String> goldFailures = new ArrayList<>();
        List<String> officialExceptions = new ArrayList<>();
        List<String> turnDifferences = new ArrayList<>();
        long[] turnsCompared = {0};
        for (int k = 0; k < inputs.size(); k++) {
            Input in = inputs.get(k);
            BfclMultiTurnExecutor.Result r = executed.get(k);
            assertThat(r.error()).as(in.entry().id() + " " + in.kind() + ": backends").isNull();
            BfclMultiTurnVerdict ours = BfclMultiTurnChecker.check(r.trace(), in.entry().groundTruth().size());
            OfficialBfclChecker.Verdict v = theirs.get(k).verdict();
            List<Boolean> theirTurns = theirs.get(k).turnPassed();
            if (theirTurns != null && v.exception() == null) {
                turnsCompared[0] += theirTurns.stream().filter(Objects::nonNull).count();
                if (!theirTurns.equals(ours.turnPassed())) {
                    turnDifferences.add(in.entry().id() + " " + in.kind() + ": ibench " + ours.turnPassed() + ", bfcl-eval " + theirTurns);
                }
            }
            if (v.exception() != null) {
                officialExceptions.add(in.entry().id() + " " + in.kind() + ": " + v.exception());
            }
            kinds.merge(in.kind(), 1, Integer::sum);
            errorTypes.merge(ours.valid() ? "valid" : ours.errorType(), 1, Integer::sum);
            int[] counts = perCategory.computeIfAbsent(in.category(), c -> new int[4]);
            counts[0]++;
            boolean agree = ours.valid() == v.valid() && Objects.equals(ours.errorType(), v.errorType());
            if (agree) {
                counts[1]++;
            } else {
                differences.add(in.entry().id() + " " + in.kind() + ": ibench " + ours.valid() + "/" + ours.errorType()
                        + ", bfcl-eval " + v.valid() + "/" + v.errorType() + (v.exception() == null ? "" : " (" + v.exception() + ")"));
            }
            if (in.kind().startsWith("gold")) {
                counts[2]++;
                if (ours.valid()) {
                    counts[3]++;
                    assertThat(ours.turnsPassed()).as(in.entry().id() + " per-turn credit of a valid entry").isEqualTo(ours.turnsChecked());
                } else {
                    goldFailures.add(in.entry().id() + " " + in.kind() + ": " + ours.errorType() + " at turn " + ours.failedTurn());
                }
            }
            if (!ours.valid() && ours.failedTurn() != null) {
                assertThat(ours.turnPassed().get(ours.failedTurn())).as(in.entry().id() + " " + in.kind() + " failed turn").isFalse();
            }
        }

        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "BfclMultiTurnAgreementIT (seed %d; ibench %.1f s, bfcl-eval %.1f s)%n"
                + "%-26s %8s %8s %8s %10s%n", SEED, ibenchSeconds, officialSeconds, "category", "entries", "compared", "agreed", "gold valid"));
        perCategory.forEach((c, n) -> table.append(String.format(Locale.ROOT, "%-26s %8d %8d %8d %6d/%d%n", c, entries.get(c), n[0], n[1], n[3], n[2])));
        table.append("inputs per kind: ").append(kinds).append('\n');
        table.append("verdicts: ").append(errorTypes).append('\n');
        table.append("ground truth failing (both checkers): ").append(goldFailures).append('\n');
        table.append("per-turn verdicts compared (checked turns of conversations with the ground truth's turn count): ")
                .append(turnsCompared[0]).append(", differing in ").append(turnDifferences.size()).append(" conversations\n");
        System.out.print(table);

        assertThat(officialExceptions).as("bfcl-eval raised").isEmpty();
        assertThat(differences).as("verdicts differing from bfcl-eval's multi_turn_checker").isEmpty();
        assertThat(turnDifferences).as("per-turn verdicts differing from multi_turn_checker's loop run over every turn").isEmpty();
        assertThat(inputs.size()).isGreaterThan(800 * (2 + MUTATIONS_PER_ENTRY - 1));
        assertThat(errorTypes.keySet()).as("the mutations reach every check").contains(BfclMultiTurnChecker.STATE_MISMATCH,
                BfclMultiTurnChecker.RESPONSE_MISMATCH, BfclMultiTurnChecker.EMPTY_TURN, BfclMultiTurnChecker.FORCE_TERMINATED, "valid");
    }

    /** The fields of a test entry that bfcl-eval's multi_turn_checker reads, from the imported entry. */
    private static Map<String, Object> officialEntry(BfclMultiTurnEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("initial_config", e.initialConfig());
        m.put("involved_classes", e.involvedClasses());
        return m;
    }
}
