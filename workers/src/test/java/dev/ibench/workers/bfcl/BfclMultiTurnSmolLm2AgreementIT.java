package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.bfcl.BfclMultiTurnVerdict;
import dev.ibench.core.json.Json;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.testing.bfcl.SmolLm2Fixtures;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Item 4 of issue 32 on a real model: SmolLM2's recorded multi-turn conversations (fixtures
 * {@code bfcl/smollm2/multi_turn_<category>.json}, recorded by bench/run-bfcl-smollm2-multiturn-record.sh along the
 * campaign's step path) judged by ibench as a campaign's {@code MultiTurnFinish} judges them
 * ({@link BfclMultiTurnExecutor#score}: the decoded calls executed again from the initial state beside the ground truth,
 * {@code BfclMultiTurnChecker}) and by bfcl-eval's own {@code multi_turn_checker} on the same decoded calls: the entry's
 * verdict and error type, and each checked turn's pass or fail (bfcl-eval's checker stops at the first failing turn, so
 * its per-turn verdicts come from the checker's own loop and sub-checkers run over every turn, driver
 * {@code official_multi_turn_checker.py}). Every recorded text must still decode to the recorded calls (else: re-record).
 */
class BfclMultiTurnSmolLm2AgreementIT {
    record Conversation(String category, BfclMultiTurnEntry entry, List<List<List<String>>> decoded, String ended) {}

    @Test
    void entryAndTurnVerdictsEqualMultiTurnCheckerOnSmolLm2Conversations() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        List<Conversation> conversations = new ArrayList<>();
        List<String> decodeChanges = new ArrayList<>();
        Map<String, Integer> steps = new TreeMap<>();
        for (String category : BfclMultiTurnImporter.CATEGORIES) {
            JsonNode fixture = SmolLm2Fixtures.find("smollm2", category).orElse(null);
            if (fixture == null) {
                continue;
            }
            BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category),
                    bfclEval.functionDocs(), category);
            for (JsonNode recorded : fixture.path("entries")) {
                if (!recorded.has("ended") || "rejected".equals(recorded.path("ended").asText())) {
                    continue; // a recording stopped mid-entry, or a first prompt longer than the model's context: no conversation
                }
                String id = recorded.path("id").asText();
                BfclMultiTurnEntry entry = imported.entries().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
                List<List<List<String>>> decoded = new ArrayList<>();
                for (JsonNode turn : recorded.path("turns")) {
                    List<List<String>> turnSteps = new ArrayList<>();
                    for (JsonNode step : turn) {
                        List<String> calls = BfclMultiTurnDecoder.decode(step.path("raw_output").asText());
                        List<String> recordedCalls = Json.MAPPER.convertValue(step.path("decoded_calls"),
                                Json.MAPPER.getTypeFactory().constructCollectionType(List.class, String.class));
                        if (!calls.equals(recordedCalls)) {
                            decodeChanges.add(id + ": " + step.path("raw_output").asText() + " now decodes to " + calls + ", recorded " + recordedCalls);
                        }
                        turnSteps.add(calls);
                        steps.merge(category, 1, Integer::sum);
                    }
                    decoded.add(turnSteps);
                }
                conversations.add(new Conversation(category, entry, decoded, recorded.path("ended").asText()));
            }
        }
        assertThat(decodeChanges).as("recorded outputs decoding differently now (re-record)").isEmpty();
        assertThat(conversations).as("recorded SmolLM2 conversations in bfcl/smollm2/multi_turn_*.json "
                + "(bench/run-bfcl-smollm2-multiturn-record.sh)").hasSizeGreaterThanOrEqualTo(6);

        long started = System.nanoTime();
        BfclMultiTurnExecutor executor = new BfclMultiTurnExecutor(bfclEval, "python3", 2048, Files.createTempDirectory("bfcl-mt-smollm2"));
        List<BfclMultiTurnVerdict> ours = new ArrayList<>();
        for (Conversation c : conversations) {
            ours.add(executor.score(c.entry(), c.decoded(), Duration.ofMinutes(2)));
        }
        double ibenchSeconds = (System.nanoTime() - started) / 1e9;
        started = System.nanoTime();
        List<OfficialBfclChecker.MultiTurnVerdict> theirs = official.judgeMultiTurnPerTurn(conversations.stream().map(c -> {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("id", c.entry().id());
            e.put("initial_config", c.entry().initialConfig());
            e.put("involved_classes", c.entry().involvedClasses());
            return new OfficialBfclChecker.MultiTurnCase(c.entry().id(), c.category(), e, c.decoded(), c.entry().groundTruth());
        }).toList());
        double officialSeconds = (System.nanoTime() - started) / 1e9;

        Map<String, int[]> perCategory = new TreeMap<>();
        Map<String, Integer> verdicts = new TreeMap<>();
        Map<String, Integer> endings = new TreeMap<>();
        List<String> differences = new ArrayList<>();
        List<String> officialExceptions = new ArrayList<>();
        for (int k = 0; k < conversations.size(); k++) {
            Conversation c = conversations.get(k);
            BfclMultiTurnVerdict v = ours.get(k);
            OfficialBfclChecker.Verdict o = theirs.get(k).verdict();
            if (o.exception() != null) {
                officialExceptions.add(c.entry().id() + ": " + o.exception());
                continue;
            }
            int[] n = perCategory.computeIfAbsent(c.category(), x -> new int[6]);
            n[0]++;
            verdicts.merge(v.valid() ? "valid" : v.errorType(), 1, Integer::sum);
            endings.merge(c.ended(), 1, Integer::sum);
            if (v.valid() == o.valid() && Objects.equals(v.errorType(), o.errorType())) {
                n[1]++;
            } else {
                differences.add(c.entry().id() + ": ibench " + v.valid() + "/" + v.errorType() + ", bfcl-eval " + o.valid() + "/" + o.errorType());
            }
            List<Boolean> officialTurns = theirs.get(k).turnPassed();
            if (officialTurns != null) {
                // the loop's first failure is the checker's own verdict: the driver's per-turn loop judges as it does
                boolean allPass = officialTurns.stream().noneMatch(Boolean.FALSE::equals);
                assertThat(allPass).as(c.entry().id() + ": per-turn loop against multi_turn_checker's verdict").isEqualTo(o.valid());
                for (int t = 0; t < officialTurns.size(); t++) {
                    if (officialTurns.get(t) == null && v.turnPassed().get(t) == null) {
                        continue;
                    }
                    n[2]++;
                    if (Objects.equals(officialTurns.get(t), v.turnPassed().get(t))) {
                        n[3]++;
                    } else {
                        differences.add(c.entry().id() + " turn " + t + ": ibench " + v.turnPassed().get(t) + ", bfcl-eval " + officialTurns.get(t));
                    }
                    if (Boolean.TRUE.equals(v.turnPassed().get(t))) {
                        n[4]++;
                    }
                }
            } else {
                n[5]++; // another number of turns than the ground truth: bfcl-eval judges no turn
            }
        }

        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "BfclMultiTurnSmolLm2AgreementIT (ibench %.1f s, bfcl-eval %.1f s)%n%-26s %8s %8s %6s %13s %13s %12s %16s%n", ibenchSeconds,
                officialSeconds, "category", "entries", "agreed", "steps", "turns judged", "turns agreed", "turns passed", "not turn-judged"));
        perCategory.forEach((cat, n) -> table.append(String.format(Locale.ROOT, "%-26s %8d %8d %6d %13d %13d %12d %16d%n", cat, n[0], n[1],
                steps.getOrDefault(cat, 0), n[2], n[3], n[4], n[5])));
        table.append("verdicts: ").append(verdicts).append("; conversations ended: ").append(endings).append('\n');
        System.out.print(table);

        assertThat(officialExceptions).as("bfcl-eval raised").isEmpty();
        assertThat(differences).as("verdicts differing from bfcl-eval's multi_turn_checker").isEmpty();
    }
}
