package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.bfcl.BfclJudge;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.bfcl.BfclMutations;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Acceptance 1 of issue 32: ibench's BFCL judge ({@code BfclJudge} over {@code BfclAstChecker}) and the BFCL authors'
 * checker (bfcl-eval 2026.3.23, run in one Python process for the whole batch) give the same verdict and the same BFCL
 * error type on every v4 single-turn Python category bfcl-eval ships, for the possible answers' first acceptable calls
 * (gold) and for seeded mutations of them ({@link BfclMutations}). Prints per category the counts compared and agreed,
 * and per mutation kind how many were generated.
 */
class BfclOfficialAgreementIT {
    static final long SEED = 32;
    static final List<String> CATEGORIES = List.of("simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple", "irrelevance",
            "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance", "live_relevance");

    private static OfficialBfclChecker official;

    record Input(String category, String kind, EvalSample sample, List<ToolCall> prediction) {}

    @BeforeAll
    static void install() {
        official = OfficialBfclChecker.install();
    }

    @Test
    void everyVerdictAndErrorTypeEqualsBfclEvals() {
        BfclMutations mutations = new BfclMutations(SEED);
        List<Input> inputs = new ArrayList<>();
        for (String key : CATEGORIES) {
            BfclCategory category = BfclCategory.parse(key);
            Path tests = official.data().resolve("BFCL_v4_" + key + ".json");
            Path answers = category.needsAnswers() ? official.data().resolve("possible_answer/BFCL_v4_" + key + ".json") : null;
            BfclImporter.Result imported = BfclImporter.read(tests, answers, category);
            assertThat(imported.rejected()).as(key + " rows left out").isEmpty();
            for (EvalSample s : imported.samples()) {
                if (category.needsAnswers()) {
                    inputs.add(new Input(key, "gold", s, s.output()));
                    mutations.of(key, s.tools(), groundTruth(s), s.output()).forEach(m -> inputs.add(new Input(key, m.kind(), s, m.calls())));
                } else {
                    mutations.ofRelevance(s.tools()).forEach(m -> inputs.add(new Input(key, m.kind(), s, m.calls())));
                }
            }
        }
        List<OfficialBfclChecker.Case> cases = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            cases.add(OfficialBfclChecker.Case.of(String.valueOf(i), in.category(), in.sample().tools(), in.sample().goldAnswer(), in.prediction()));
        }
        long started = System.nanoTime();
        List<OfficialBfclChecker.Verdict> verdicts = official.judge(cases);
        long pythonMillis = (System.nanoTime() - started) / 1_000_000;

        Map<String, int[]> perCategory = new TreeMap<>();
        Map<String, Integer> perKind = new TreeMap<>();
        List<String> differences = new ArrayList<>();
        List<String> officialRaised = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            OfficialBfclChecker.Verdict theirs = verdicts.get(i);
            BfclVerdict ours = BfclJudge.judge(in.sample(), BfclCategory.parse(in.category()), ParsedOutput.parsed(in.prediction(), "test"));
            int[] c = perCategory.computeIfAbsent(in.category(), k -> new int[5]);
            c[in.kind().equals("gold") ? 0 : 1]++;
            perKind.merge(in.kind(), 1, Integer::sum);
            String where = in.category() + " " + in.sample().sampleId() + " [" + in.kind() + "] " + Json.MAPPER.valueToTree(in.prediction());
            if (theirs.exception() != null) {
                c[4]++;
                officialRaised.add(where + ": bfcl-eval raises " + theirs.exception() + "; ibench: " + ours.valid() + " " + ours.errorType());
                continue;
            }
            c[2]++;
            if (ours.valid() == theirs.valid() && (ours.valid() || ours.errorType().equals(theirs.errorType()))) {
                c[3]++;
            } else {
                differences.add(where + ": ibench " + ours.valid() + " " + ours.errorType() + ", bfcl-eval " + theirs.valid() + " " + theirs.errorType());
            }
        }
        System.out.printf(Locale.ROOT, "BfclOfficialAgreementIT: seed %d, %d inputs, bfcl-eval judged them in %d ms%n", SEED, inputs.size(), pythonMillis);
        System.out.printf(Locale.ROOT, "%-24s %6s %9s %9s %9s %14s%n", "category", "gold", "mutations", "compared", "agreed", "bfcl-eval raised");
        perCategory.forEach((k, c) -> System.out.printf(Locale.ROOT, "%-24s %6d %9d %9d %9d %14d%n", k, c[0], c[1], c[2], c[3], c[4]));
        System.out.println("mutations per kind: " + perKind);
        officialRaised.stream().limit(20).forEach(r -> System.out.println("  raised: " + r));
        differences.stream().limit(40).forEach(d -> System.out.println("  differs: " + d));

        assertThat(perCategory.keySet()).containsExactlyInAnyOrderElementsOf(CATEGORIES);
        int mutated = perCategory.values().stream().mapToInt(c -> c[1]).sum();
        assertThat(mutated).as("mutations").isGreaterThanOrEqualTo(10_000);
        assertThat(differences).as("verdicts or error types that differ from bfcl-eval's").isEmpty();
    }

    private static List<Map<String, Map<String, List<Object>>>> groundTruth(EvalSample s) {
        return Json.MAPPER.convertValue(s.goldAnswer(), new TypeReference<>() {});
    }
}
