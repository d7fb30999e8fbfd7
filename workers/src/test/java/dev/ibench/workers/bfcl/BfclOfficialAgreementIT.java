package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.bfcl.BfclJudge;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.testing.bfcl.BfclMutations;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.testing.bfcl.SmolLm2Fixtures;
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
 * (gold), for seeded mutations of them ({@link BfclMutations}) and for SmolLM2's real answers on a seeded sample of
 * each category ({@link SmolLm2Fixtures}, recorded by bench/run-bfcl-smollm2-record.sh; scored by ibench from the raw
 * text as a campaign scores it, and judged by bfcl-eval on the same decoded calls, an output that does not decode as
 * bfcl-eval's evaluation judges a failed decode). Prints per category and input kind the counts compared and agreed,
 * and per mutation kind how many were generated. Every input is judged twice: as bfcl-eval's prompt handlers judge a
 * prediction and as its function-calling handlers do ({@code underscore_to_dot}), ibench in the same {@link BfclMode};
 * the mutations come from the project's seed and from a held-back seed.
 */
class BfclOfficialAgreementIT {
    static final long SEED = 32;
    /** Mutations of a seed never used while the checker was written: held back, so agreement is not tuned to the project's own. */
    static final long HELD_BACK_SEED = 20261129;
    static final List<String> CATEGORIES = List.of("simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple", "irrelevance",
            "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance", "live_relevance");

    private static OfficialBfclChecker official;

    /**
     * One input: the mode it is judged in (bfcl-eval's prompt or function-calling handlers), its kind (gold, a mutation
     * kind, or smollm2), whether it is a held-back mutation, the sample, the decoded output and ibench's verdict on it.
     */
    record Input(BfclMode mode, String category, String kind, boolean heldBack, EvalSample sample, ParsedOutput parsed, BfclVerdict ours,
            String raw) {
        String group() {
            return kind.equals("gold") || kind.equals(SMOLLM2) ? kind : heldBack ? HELD_BACK : "mutations";
        }
    }

    static final String SMOLLM2 = "smollm2";
    static final String HELD_BACK = "held_back";
    /** Categories with SmolLM2 recordings committed: all 13. */
    static final int RECORDED_CATEGORIES = 13;
    static final List<String> GROUPS = List.of("gold", "mutations", HELD_BACK, SMOLLM2);

    @BeforeAll
    static void install() {
        official = OfficialBfclChecker.install();
    }

    @Test
    void everyVerdictAndErrorTypeEqualsBfclEvalsInBothModes() {
        List<Input> inputs = new ArrayList<>();
        Map<String, int[]> smol = new TreeMap<>(); // per category: outputs, decoded to calls, not decoded, correct (prompt mode)
        for (BfclMode mode : BfclMode.values()) {
            BfclMutations mutations = new BfclMutations(SEED);
            BfclMutations heldBack = new BfclMutations(HELD_BACK_SEED);
            for (String key : CATEGORIES) {
                BfclCategory category = BfclCategory.parse(key);
                Path tests = official.data().resolve("BFCL_v4_" + key + ".json");
                Path answers = category.needsAnswers() ? official.data().resolve("possible_answer/BFCL_v4_" + key + ".json") : null;
                BfclImporter.Result imported = BfclImporter.read(tests, answers, category);
                assertThat(imported.rejected()).as(key + " rows left out").isEmpty();
                for (EvalSample s : imported.samples()) {
                    if (category.needsAnswers()) {
                        // the gold as a model of this mode writes it: dotted names with underscores in FC mode
                        inputs.add(given(mode, key, "gold", false, s, category, mode.answeredAs(s).output()));
                        mutations.of(key, s.tools(), groundTruth(s), s.output()).forEach(m -> inputs.add(given(mode, key, m.kind(), false, s, category, m.calls())));
                        heldBack.of(key, s.tools(), groundTruth(s), mode.answeredAs(s).output())
                                .forEach(m -> inputs.add(given(mode, key, m.kind(), true, s, category, m.calls())));
                    } else {
                        mutations.ofRelevance(s.tools()).forEach(m -> inputs.add(given(mode, key, m.kind(), false, s, category, m.calls())));
                        heldBack.ofRelevance(s.tools()).forEach(m -> inputs.add(given(mode, key, m.kind(), true, s, category, m.calls())));
                    }
                }
                for (String profile : SmolLm2Fixtures.PROFILES) {
                    int[] counts = mode == BfclMode.PROMPT ? smol.computeIfAbsent(key, k -> new int[4]) : new int[4];
                    SmolLm2Fixtures.find(profile, key).ifPresent(f -> smolLm2Outputs(mode, f, key, imported.samples(), counts).forEach(inputs::add));
                }
            }
        }
        List<OfficialBfclChecker.Case> cases = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            EvalSample s = in.sample();
            cases.add(in.parsed().isParsed()
                    ? OfficialBfclChecker.Case.of(String.valueOf(i), in.category(), s.tools(), s.goldAnswer(), in.parsed().calls(), in.mode())
                    : OfficialBfclChecker.Case.undecodable(String.valueOf(i), in.category(), s.tools(), s.goldAnswer()));
        }
        // SmolLM2's raw outputs once more, decoded by bfcl-eval's own prompt-mode decoder (Python syntax: not for Java/JavaScript)
        List<Integer> endToEnd = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            if (in.mode() == BfclMode.PROMPT && in.raw() != null && !in.category().startsWith("simple_java")) {
                endToEnd.add(i);
                cases.add(OfficialBfclChecker.Case.raw("raw-" + i, in.category(), in.sample().tools(), in.sample().goldAnswer(), in.raw()));
            }
        }
        long started = System.nanoTime();
        List<OfficialBfclChecker.Verdict> verdicts = official.judge(cases);
        long pythonMillis = (System.nanoTime() - started) / 1_000_000;

        Map<String, int[]> perCategory = new TreeMap<>(); // per mode and category, per group: inputs, compared, agreed, bfcl-eval raised
        Map<String, Integer> perKind = new TreeMap<>();
        List<String> differences = new ArrayList<>();
        List<String> officialRaised = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            OfficialBfclChecker.Verdict theirs = verdicts.get(i);
            BfclVerdict ours = in.ours();
            int[] c = perCategory.computeIfAbsent(in.mode().key() + " " + in.category(), k -> new int[4 * GROUPS.size()]);
            int g = 4 * GROUPS.indexOf(in.group());
            c[g]++;
            perKind.merge(in.kind(), 1, Integer::sum);
            String where = in.mode().key() + " " + in.category() + " " + in.sample().sampleId() + " [" + in.kind() + "] "
                    + (in.parsed().isParsed() ? Json.MAPPER.valueToTree(in.parsed().calls()) : "not decoded: " + in.parsed().problem());
            if (theirs.exception() != null) {
                c[g + 3]++;
                officialRaised.add(where + ": bfcl-eval raises " + theirs.exception() + "; ibench: " + ours.valid() + " " + ours.errorType());
                continue;
            }
            c[g + 1]++;
            if (ours.valid() == theirs.valid() && (ours.valid() || ours.errorType().equals(theirs.errorType()))) {
                c[g + 2]++;
            } else {
                differences.add(where + ": ibench " + ours.valid() + " " + ours.errorType() + ", bfcl-eval " + theirs.valid() + " " + theirs.errorType());
            }
        }
        Map<String, int[]> endToEndAgreed = new TreeMap<>(); // per category: compared, agreed
        List<String> decodedDifferently = new ArrayList<>();
        List<String> unexplained = new ArrayList<>();
        for (int j = 0; j < endToEnd.size(); j++) {
            Input in = inputs.get(endToEnd.get(j));
            OfficialBfclChecker.Verdict theirs = verdicts.get(inputs.size() + j);
            int[] c = endToEndAgreed.computeIfAbsent(in.category(), k -> new int[2]);
            c[0]++;
            if (theirs.exception() == null && in.ours().valid() == theirs.valid() && (theirs.valid() || in.ours().errorType().equals(theirs.errorType()))) {
                c[1]++;
            } else {
                decodedDifferently.add(in.category() + " " + in.sample().sampleId() + ": ibench decoded " + (in.parsed().isParsed()
                        ? Json.MAPPER.valueToTree(in.parsed().calls()) : "nothing") + " -> " + in.ours().valid() + " " + in.ours().errorType()
                        + "; bfcl-eval decoded " + theirs.officialDecoded() + " -> " + theirs.valid() + " " + theirs.errorType()
                        + (theirs.exception() == null ? "" : " (raised " + theirs.exception() + ")") + "; raw " + Json.MAPPER.valueToTree(in.raw()));
                boolean jsonCallList = theirs.exception() == null && theirs.officialDecoded() == null && in.parsed().isParsed()
                        && in.parsed().stage() != null && in.parsed().stage().startsWith("json");
                if (!jsonCallList) {
                    unexplained.add(decodedDifferently.get(decodedDifferently.size() - 1));
                }
            }
        }
        System.out.printf(Locale.ROOT, "BfclOfficialAgreementIT: seeds %d and %d (held back), %d inputs, bfcl-eval judged them in %d ms%n", SEED,
                HELD_BACK_SEED, inputs.size(), pythonMillis);
        System.out.printf(Locale.ROOT, "%-31s %15s %17s %17s %15s %8s   %s%n", "mode category", "gold agreed", "mutations agreed", "held back agreed",
                "smollm2 agreed", "raised", "smollm2: decoded / not decoded / correct (prompt)");
        int[] total = new int[4 * GROUPS.size()];
        perCategory.forEach((k, c) -> {
            for (int i = 0; i < c.length; i++) {
                total[i] += c[i];
            }
            int[] sm = smol.get(k.substring(k.indexOf(' ') + 1));
            System.out.printf(Locale.ROOT, "%-31s %7d of %-5d %7d of %-7d %7d of %-7d %7d of %-5d %8d   %d / %d / %d%n", k,
                    c[2], c[1], c[6], c[5], c[10], c[9], c[14], c[13], c[3] + c[7] + c[11] + c[15], sm[1], sm[2], sm[3]);
        });
        System.out.printf(Locale.ROOT, "%-31s %7d of %-5d %7d of %-7d %7d of %-7d %7d of %-5d %8d%n", "all", total[2], total[1], total[6], total[5],
                total[10], total[9], total[14], total[13], total[3] + total[7] + total[11] + total[15]);
        System.out.println("inputs per kind: " + perKind);
        System.out.println("SmolLM2 raw outputs, each decoded by its own side's decoder (bfcl-eval's Python-syntax prompt decoder; ibench's"
                + " parser chain), verdicts agreed per category: " + endToEndAgreed.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()[1] + "/" + e.getValue()[0]).toList());
        decodedDifferently.forEach(d -> System.out.println("  decoded differently: " + d));
        officialRaised.stream().limit(20).forEach(r -> System.out.println("  raised: " + r));
        differences.stream().limit(40).forEach(d -> System.out.println("  differs: " + d));

        List<String> expectedKeys = new ArrayList<>();
        for (BfclMode mode : BfclMode.values()) {
            CATEGORIES.forEach(c -> expectedKeys.add(mode.key() + " " + c));
        }
        assertThat(perCategory.keySet()).containsExactlyInAnyOrderElementsOf(expectedKeys);
        assertThat(total[4]).as("mutations").isGreaterThanOrEqualTo(2 * 10_000);
        assertThat(total[8]).as("held-back mutations").isGreaterThanOrEqualTo(2 * 10_000);
        // the name rule is exercised: dotted gold names exist, and each mode fails the other's spelling somewhere
        assertThat(inputs.stream().filter(in -> in.kind().equals("native_name") && in.mode() == BfclMode.PROMPT && !in.ours().valid()).count())
                .as("prompt mode fails underscore-spelled dotted names").isPositive();
        assertThat(inputs.stream().filter(in -> in.kind().equals("gold") && in.mode() == BfclMode.FC && in.ours().valid()
                && in.parsed().calls().stream().anyMatch(call -> call.name().contains("_") && in.sample().output().stream().anyMatch(g -> g.name().contains("."))))
                .count()).as("FC mode credits underscore-spelled dotted gold names").isPositive();
        List<String> recorded = smol.entrySet().stream().filter(e -> e.getValue()[0] > 0).map(Map.Entry::getKey).toList();
        System.out.println("categories with recorded SmolLM2 outputs: " + recorded.size() + " of " + CATEGORIES.size() + "; none yet: "
                + CATEGORIES.stream().filter(k -> !recorded.contains(k)).toList());
        assertThat(recorded).as("categories with recorded SmolLM2 outputs (bench/run-bfcl-smollm2-record.sh)").hasSizeGreaterThanOrEqualTo(RECORDED_CATEGORIES);
        assertThat(smol.values().stream().mapToInt(c -> c[1]).sum()).as("SmolLM2 outputs that decode to calls").isPositive();
        assertThat(smol.values().stream().mapToInt(c -> c[2]).sum()).as("SmolLM2 outputs that do not decode").isPositive();
        assertThat(differences).as("verdicts or error types that differ from bfcl-eval's").isEmpty();
        // end to end, the only deliberate difference (docs/bfcl.md): ibench's parser chain reads JSON call lists, which
        // bfcl-eval's prompt-mode decoder (Python call syntax only) fails to decode
        assertThat(unexplained).as("SmolLM2 outputs judged differently end to end for another reason than a JSON call list").isEmpty();
    }

    private static Input given(BfclMode mode, String category, String kind, boolean heldBack, EvalSample s, BfclCategory c, List<ToolCall> calls) {
        ParsedOutput parsed = ParsedOutput.parsed(calls, "test");
        return new Input(mode, category, kind, heldBack, s, parsed, BfclJudge.judge(s, c, parsed, mode), null);
    }

    /**
     * SmolLM2's recorded answers on this category (bench/run-bfcl-smollm2-record.sh), scored as a campaign scores them:
     * the raw text through {@link SampleScorer} with the profile's parser chain, its BFCL verdict the one compared. An
     * output that does not decode must still get a verdict (a model's answer, never an error); the decoding must be
     * the one recorded (else the parser changed: re-record).
     */
    private static List<Input> smolLm2Outputs(BfclMode mode, JsonNode fixture, String key, List<EvalSample> samples, int[] counts) {
        Map<String, EvalSample> byId = new java.util.HashMap<>();
        samples.forEach(s -> byId.put(s.sampleId(), s));
        List<String> parserNames = Json.MAPPER.convertValue(fixture.get("parser"), new TypeReference<>() {});
        SampleScorer scorer = new SampleScorer(ParserChains.forProfile(parserNames), null).judgingBfclAs(mode);
        List<Input> inputs = new ArrayList<>();
        for (JsonNode o : fixture.get("outputs")) {
            EvalSample s = byId.get(o.get("sample_id").asText());
            assertThat(s).as(key + " sample " + o.get("sample_id")).isNotNull();
            SampleScore score = scorer.score(s, o.get("raw_output").asText());
            BfclVerdict ours = score.bfcl();
            assertThat(ours).as("ibench's BFCL verdict on " + s.sampleId()).isNotNull();
            ParsedOutput parsed = score.parsed();
            assertThat(parsed.status().name()).as(s.sampleId() + " decoded as recorded").isEqualTo(o.get("parse_status").asText());
            assertThat((JsonNode) Json.MAPPER.valueToTree(parsed.calls())).as(s.sampleId() + " calls decoded as recorded").isEqualTo(o.get("calls"));
            counts[0]++;
            counts[parsed.isParsed() ? 1 : 2]++;
            counts[3] += ours.valid() ? 1 : 0;
            inputs.add(new Input(mode, key, SMOLLM2, false, s, parsed, ours, o.get("raw_output").asText()));
        }
        return inputs;
    }

    private static List<Map<String, Map<String, List<Object>>>> groundTruth(EvalSample s) {
        return Json.MAPPER.convertValue(s.goldAnswer(), new TypeReference<>() {});
    }
}
