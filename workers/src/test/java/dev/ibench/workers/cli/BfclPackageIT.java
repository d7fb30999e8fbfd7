package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.bfcl.BfclMutations;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 0 and 2 of issue 32, through the CLI a user runs: every JSON file bfcl-eval 2026.3.23 ships goes through
 * {@code ibench import bfcl} (the single-turn Python categories import; every other file is refused with a sentence,
 * never an exception name); each imported category is rescored with its gold calls and with seeded mutations of them
 * (nulls included), written as JSON tool calls, and every per-sample verdict and error type of {@code ibench rescore}
 * equals bfcl-eval's on the same calls, so the gold replay scores exactly what bfcl-eval gives it (1.0 except the
 * defective rows, which both count wrong).
 */
class BfclPackageIT {
    static final List<String> IMPORTED = List.of("simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple", "irrelevance",
            "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance", "live_relevance");
    /** A bare exception name or stack frame in what a command prints. */
    static final Pattern EXCEPTION = Pattern.compile("\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\bat [a-z]+\\.[A-Za-z.$]+\\(");

    @TempDir static Path dir;
    private static OfficialBfclChecker official;

    @BeforeAll
    static void install() {
        official = OfficialBfclChecker.install();
    }

    @Test
    void everyShippedFileImportsOrIsRefusedWithAReason() throws Exception {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(official.data())) {
            files = walk.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(40);
        int imported = 0;
        for (Path file : files) {
            String name = file.getFileName().toString().replace(".json", "").replace("BFCL_v4_", "");
            boolean testFile = !file.getParent().getFileName().toString().equals("possible_answer") && IMPORTED.contains(name);
            Path answers = official.data().resolve("possible_answer/BFCL_v4_" + name + ".json");
            // a file of a category ibench imports, with its answers; any other file as a user might try it (read as
            // live_irrelevance, which needs no answers), and once more under its own name as the category
            List<List<String>> tries = new ArrayList<>();
            String out = dir.resolve("all").toString();
            if (testFile) {
                List<String> args = new ArrayList<>(List.of("import", "bfcl", file.toString(), "--category", name, "--out", out));
                if (Files.isRegularFile(answers)) {
                    args.addAll(List.of("--answers", answers.toString()));
                }
                tries.add(args);
            } else {
                tries.add(List.of("import", "bfcl", file.toString(), "--category", "live_irrelevance", "--out", out, "--name", "other"));
                tries.add(List.of("import", "bfcl", file.toString(), "--category", name, "--out", out, "--name", "other"));
            }
            for (List<String> args : tries) {
                CliRun r = CliRun.of(args.toArray(String[]::new));
                String said = r.out() + r.err();
                assertThat(r.exit()).as(args + ": " + said).isIn(0, 2);
                assertThat(EXCEPTION.matcher(said).find()).as(args + " printed an exception name: " + said).isFalse();
                if (r.exit() == 2) {
                    assertThat(r.err()).as(args.toString()).startsWith("ibench import bfcl: ");
                } else if (testFile) {
                    imported++;
                }
            }
        }
        assertThat(imported).isEqualTo(IMPORTED.size());
    }

    @Test
    void goldAndMutationRescoresGiveBfclEvalsVerdictOnEverySample() throws Exception {
        BfclMutations mutations = new BfclMutations(32);
        StringBuilder table = new StringBuilder();
        for (String category : IMPORTED) {
            Path tests = official.data().resolve("BFCL_v4_" + category + ".json");
            Path answers = official.data().resolve("possible_answer/BFCL_v4_" + category + ".json");
            List<String> args = new ArrayList<>(List.of("import", "bfcl", tests.toString(), "--category", category, "--out", dir.toString(), "--json"));
            if (Files.isRegularFile(answers)) {
                args.addAll(List.of("--answers", answers.toString()));
            }
            CliRun imported = CliRun.of(args.toArray(String[]::new));
            assertThat(imported.exit()).as(imported.err()).isZero();
            JsonNode report = Json.MAPPER.readTree(imported.out());
            long rows = Files.readAllLines(tests).stream().filter(l -> !l.isBlank()).count();
            assertThat(report.get("imported").asInt()).as(category + ": every row in the denominator").isEqualTo((int) rows);
            Path evalSet = dir.resolve("bfcl-" + category.replace('_', '-') + ".json");
            List<EvalSample> samples = Json.MAPPER.convertValue(Json.MAPPER.readTree(evalSet.toFile()).get("data"), new TypeReference<>() {});

            List<ToolCall> none = List.of();
            List<List<ToolCall>> gold = samples.stream().map(s -> s.output().isEmpty() && !category.equals("live_relevance") ? none : s.output()).toList();
            int goldCorrect = compare(category, "gold", evalSet, samples, gold);
            List<List<ToolCall>> mutated = new ArrayList<>();
            for (EvalSample s : samples) {
                List<BfclMutations.Mutation> ms = s.goldAnswer() == null ? mutations.ofRelevance(s.tools())
                        : mutations.of(category, s.tools(), Json.MAPPER.convertValue(s.goldAnswer(), new TypeReference<>() {}), s.output());
                mutated.add(ms.get(ms.size() > 1 ? 1 + (s.sampleId().hashCode() & 0x7fffffff) % (ms.size() - 1) : 0).calls());
            }
            int mutatedCorrect = compare(category, "mutation", evalSet, samples, mutated);
            int defective = report.get("defective") == null ? 0 : report.get("defective").size();
            table.append(String.format(Locale.ROOT, "%-24s %6d %9d %10d %14d%n", category, samples.size(), defective, goldCorrect, mutatedCorrect));
            if (!category.equals("live_relevance")) {
                assertThat(goldCorrect).as(category + " gold replay: all but the defective rows").isEqualTo(samples.size() - defective);
            }
        }
        System.out.printf(Locale.ROOT, "BfclPackageIT (ibench == bfcl-eval on every sample)%n%-24s %6s %9s %10s %14s%n%s", "category", "rows",
                "defective", "gold right", "mutation right", table);
    }

    /** Rescores predictions with the CLI and asserts each sample's verdict equals bfcl-eval's; returns the count correct. */
    private int compare(String category, String what, Path evalSet, List<EvalSample> samples, List<List<ToolCall>> predictions) throws Exception {
        StringBuilder lines = new StringBuilder();
        List<OfficialBfclChecker.Case> cases = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            EvalSample s = samples.get(i);
            List<Map<String, Object>> calls = predictions.get(i).stream().map(c -> {
                Map<String, Object> call = new LinkedHashMap<>();
                call.put("name", c.name());
                call.put("arguments", c.arguments());
                return call;
            }).toList();
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("sample_id", s.sampleId());
            line.put("generated_text", calls.isEmpty() && category.contains("irrelevance") ? "No function fits this question."
                    : Json.MAPPER.writeValueAsString(calls));
            lines.append(Json.MAPPER.writeValueAsString(line)).append('\n');
            // rescore judges names as bfcl-eval's prompt handlers by default (--bfcl-mode prompt)
            cases.add(OfficialBfclChecker.Case.of(s.sampleId(), category, s.tools(), s.goldAnswer(), predictions.get(i), BfclMode.PROMPT));
        }
        Path file = dir.resolve(category + "-" + what + ".jsonl");
        Files.writeString(file, lines.toString());
        CliRun r = CliRun.of("rescore", "--eval-set", evalSet.toString(), "--predictions", file.toString(), "--json");
        assertThat(r.exit()).as(category + " " + what + ": " + r.err()).isZero();
        JsonNode scores = Json.MAPPER.readTree(r.out());
        List<OfficialBfclChecker.Verdict> theirs = official.judge(cases);
        Map<String, JsonNode> ours = new LinkedHashMap<>();
        scores.get("per_sample").forEach(s -> ours.put(s.get("sample_id").asText(), s.get("bfcl")));
        List<String> differences = new ArrayList<>();
        int correct = 0;
        for (OfficialBfclChecker.Verdict v : theirs) {
            JsonNode o = ours.get(v.key());
            assertThat(v.exception()).as(v.key()).isNull();
            boolean valid = o.get("valid").asBoolean();
            String type = o.get("error_type").isNull() ? null : o.get("error_type").asText();
            if (valid != v.valid() || (!valid && !type.equals(v.errorType()))) {
                differences.add(v.key() + ": ibench " + valid + " " + type + ", bfcl-eval " + v.valid() + " " + v.errorType());
            }
            correct += v.valid() ? 1 : 0;
        }
        assertThat(differences).as(category + " " + what).isEmpty();
        assertThat(scores.at("/bfcl/categories/" + category + "/samples").asInt()).isEqualTo(samples.size());
        assertThat(scores.at("/bfcl/categories/" + category + "/correct").asInt()).as(category + " " + what + " correct").isEqualTo(correct);
        return correct;
    }
}
