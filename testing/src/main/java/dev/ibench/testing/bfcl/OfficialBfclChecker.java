package dev.ibench.testing.bfcl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.BundledData;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The BFCL authors' checker (PyPI {@code bfcl-eval}, installed by deploy/local/install-bfcl-eval.sh into the tool cache)
 * run on a batch of decoded predictions in one Python process (resource {@code bfcl/official_checker.py}): the other
 * implementation ibench's {@code BfclAstChecker} and {@code BfclJudge} are compared with.
 */
public final class OfficialBfclChecker {
    /**
     * One input: a test's functions, its possible answer (null for the (ir)relevance categories) and a prediction, the
     * calls a model's output decoded to; {@code decoded} false (prediction empty) is an output that did not decode to
     * calls, judged as bfcl-eval's {@code eval_runner} judges an output whose {@code decode_ast} raised; {@code raw}
     * (non-null) is a prompt-mode model's raw output, decoded by bfcl-eval's own Python-syntax decoder instead.
     */
    public record Case(String key, String category, List<Map<String, Object>> functions, Object groundTruth, List<ToolCall> prediction,
            boolean underscoreToDot, boolean decoded, String raw) {

        public Case(String key, String category, List<Map<String, Object>> functions, Object groundTruth, List<ToolCall> prediction,
                boolean underscoreToDot) {
            this(key, category, functions, groundTruth, prediction, underscoreToDot, true, null);
        }

        /** An output that did not decode to calls (prose, malformed call syntax). */
        public static Case undecodable(String key, String category, List<Map<String, Object>> functions, Object groundTruth) {
            return new Case(key, category, functions, groundTruth, List.of(), false, false, null);
        }

        /**
         * A prompt-mode model's raw output judged end to end as bfcl-eval judges it: its own decoder
         * ({@code default_decode_ast_prompting}, Python call syntax; so only for the Python-syntax categories), then
         * its evaluation's branches; the verdict carries what bfcl-eval decoded.
         */
        public static Case raw(String key, String category, List<Map<String, Object>> functions, Object groundTruth, String rawOutput) {
            return new Case(key, category, functions, groundTruth, List.of(), false, true, rawOutput);
        }

        /**
         * A case judged as bfcl-eval judges a model of {@code mode}: a function-calling model's configuration has
         * {@code underscore_to_dot} (a dotted name must come as {@code math_factorial}), a prompt-mode model's not.
         */
        public static Case of(String key, String category, List<Map<String, Object>> functions, Object groundTruth, List<ToolCall> prediction,
                BfclMode mode) {
            return new Case(key, category, functions, groundTruth, prediction, mode == BfclMode.FC);
        }
    }

    /**
     * The official verdict, or the exception the official checker raised on that input; for a {@link Case#raw} case
     * also what bfcl-eval's decoder made of the output (Python {@code repr}; null when it failed to decode).
     */
    public record Verdict(String key, boolean valid, String errorType, String exception, String officialDecoded) {}

    private final Path pythonPath;
    private final String searchPath;

    private OfficialBfclChecker(Path pythonPath, String searchPath) {
        this.pythonPath = pythonPath;
        this.searchPath = searchPath;
    }

    /** Installs bfcl-eval (a no-op when cached) and returns the checker; fails with the script's reason when it cannot. */
    public static OfficialBfclChecker install() {
        Path root = installed("install-bfcl-eval.sh");
        return new OfficialBfclChecker(root, root.toString());
    }

    /**
     * As {@link #install}, with the memory backends' dependencies too (deploy/local/install-bfcl-eval-memory-deps.sh,
     * beside the package folder, where ibench's runner finds them), for {@link #judgeMemory}.
     */
    public static OfficialBfclChecker installWithMemoryBackends() {
        Path root = installed("install-bfcl-eval.sh");
        Path deps = installed("install-bfcl-eval-memory-deps.sh");
        return new OfficialBfclChecker(root, root + java.io.File.pathSeparator + deps);
    }

    /**
     * A memory scenario run as bfcl-eval runs it (driver {@code official_memory.py}): {@code prereq} the prerequisite
     * conversations' ids and executed steps ({@code {"id", "steps": [[call, ...]]}}), {@code questions} each question's
     * id, possible answers and steps ({@code {"id", "possible_answer", "steps": [{"text", "decoded": [call, ...] or
     * null}]}}). The answer line has the final snapshot file's text, every executed result, each question's memory
     * context and verdict.
     */
    public JsonNode judgeMemory(String key, String category, String scenario, List<Map<String, Object>> prereq,
            List<Map<String, Object>> questions) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("key", key);
        c.put("category", category);
        c.put("scenario", scenario);
        c.put("prereq", prereq);
        c.put("questions", questions);
        return runDriver("official_memory.py", List.of(c)).get(0);
    }

    /**
     * As {@link #installWithMemoryBackends} (bfcl-eval's utils, which loads its web-search entries, needs filelock), with
     * the web-search backend's dependencies too (deploy/local/install-bfcl-eval-web-search-deps.sh, beside the package
     * folder, where ibench's runner finds them), for {@link #judgeWebSearch}.
     */
    public static OfficialBfclChecker installWithWebSearchBackend() {
        Path root = installed("install-bfcl-eval.sh");
        Path deps = installed("install-bfcl-eval-memory-deps.sh");
        Path webDeps = installed("install-bfcl-eval-web-search-deps.sh");
        return new OfficialBfclChecker(root, String.join(java.io.File.pathSeparator, root.toString(), deps.toString(), webDeps.toString()));
    }

    /**
     * Web-search questions run as bfcl-eval runs them (driver {@code official_web_search.py}), against a stand-in search
     * server: per case {@code {"key", "category", "id", "search_url", "api_key", "steps": [{"text", "decoded": [call, ...]
     * or null}], "possible_answer"}}; per answer the entry as bfcl-eval loads it, every executed result and the verdict.
     */
    public List<JsonNode> judgeWebSearch(List<Map<String, Object>> cases) {
        return runDriver("official_web_search.py", cases);
    }

    private static Path installed(String scriptName) {
        Path script = BundledData.root().getParent().resolve("deploy/local/" + scriptName);
        try {
            Process p = new ProcessBuilder("bash", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException(script + " failed (exit " + p.exitValue() + ")");
            }
            return Path.of(out.substring(out.lastIndexOf('\n') + 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** bfcl-eval's data folder: {@code BFCL_v4_*.json}, {@code possible_answer/}, {@code multi_turn_func_doc/}, ... */
    public Path data() {
        return pythonPath.resolve("bfcl_eval/data");
    }

    /** The official verdict of every case, in order, from one Python process. */
    public List<Verdict> judge(List<Case> cases) {
        return run("official_checker.py", cases.size(), out -> write(cases, out));
    }

    /**
     * One multi-turn conversation: the test entry as bfcl-eval ships it ({@code id}, {@code initial_config},
     * {@code involved_classes}, ...), the model's decoded calls per turn per step, and the ground truth per turn.
     */
    public record MultiTurnCase(String key, String category, Map<String, Object> entry, List<List<List<String>>> decoded,
            List<List<String>> groundTruth) {}

    /**
     * An entry's verdict and, per ground-truth turn, whether it passes (null: a turn without ground-truth calls, not
     * checked); {@code turnPassed} is null for a conversation with another number of turns than the ground truth.
     */
    public record MultiTurnVerdict(Verdict verdict, List<Boolean> turnPassed) {}

    /**
     * As {@link #judgeMultiTurn}, with each turn's pass or fail: multi_turn_checker's own loop and sub-checkers run over
     * every turn instead of returning at the first failure (driver {@code official_multi_turn_checker.py}, {@code per_turn}).
     */
    public List<MultiTurnVerdict> judgeMultiTurnPerTurn(List<MultiTurnCase> cases) {
        return runLines("official_multi_turn_checker.py", cases.size(), out -> writeMultiTurn(cases, out, true)).stream().map(line -> {
            try {
                JsonNode v = Json.MAPPER.readTree(line);
                List<Boolean> turns = null;
                if (v.path("turn_passed").isArray()) {
                    turns = new java.util.ArrayList<>();
                    for (JsonNode t : v.path("turn_passed")) {
                        turns.add(t.isNull() ? null : t.asBoolean());
                    }
                }
                return new MultiTurnVerdict(verdict(line), turns);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).toList();
    }

    /** bfcl-eval's {@code multi_turn_checker} verdict on every conversation, in order, from one Python process. */
    public List<Verdict> judgeMultiTurn(List<MultiTurnCase> cases) {
        return run("official_multi_turn_checker.py", cases.size(), out -> writeMultiTurn(cases, out, false));
    }

    private static void writeMultiTurn(List<MultiTurnCase> cases, OutputStream out, boolean perTurn) {
        try (OutputStream stdin = out) {
            for (MultiTurnCase c : cases) {
                ObjectNode line = Json.MAPPER.createObjectNode();
                line.put("key", c.key());
                line.put("category", c.category());
                line.set("entry", Json.MAPPER.valueToTree(c.entry()));
                line.set("decoded", Json.MAPPER.valueToTree(c.decoded()));
                line.set("ground_truth", Json.MAPPER.valueToTree(c.groundTruth()));
                if (perTurn) {
                    line.put("per_turn", true);
                }
                stdin.write((Json.MAPPER.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs the bundled driver {@code /bfcl/<driverResource>} in one Python process with bfcl-eval on its path: each case
     * (any JSON value) as one line on its stdin; its answer lines, in order, one per case.
     */
    public List<JsonNode> runDriver(String driverResource, List<?> cases) {
        List<String> lines = runLines(driverResource, cases.size(), out -> {
            try (OutputStream stdin = out) {
                for (Object c : cases) {
                    stdin.write((Json.MAPPER.writeValueAsString(c) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        List<JsonNode> answers = new java.util.ArrayList<>();
        for (String line : lines) {
            try {
                answers.add(Json.MAPPER.readTree(line));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return answers;
    }

    private List<Verdict> run(String driverResource, int count, java.util.function.Consumer<OutputStream> input) {
        return runLines(driverResource, count, input).stream().map(OfficialBfclChecker::verdict).toList();
    }

    /** The drivers' shared helpers, copied beside each driver (its folder is on the driver's path). */
    private static final String SHARED_DRIVER_CODE = "official_agentic.py";

    private List<String> runLines(String driverResource, int count, java.util.function.Consumer<OutputStream> input) {
        try {
            // the driver beside the shared stand-ins and agentic code, which drivers may import
            Path folder = Files.createTempDirectory("bfcl-driver");
            for (String file : List.of(driverResource, "bfcl_eval_standins.py", SHARED_DRIVER_CODE)) {
                try (InputStream in = OfficialBfclChecker.class.getResourceAsStream("/bfcl/" + file)) {
                    Files.write(folder.resolve(file), in.readAllBytes());
                }
            }
            Path driver = folder.resolve(driverResource);
            ProcessBuilder pb = new ProcessBuilder("python3", driver.toString()).redirectError(ProcessBuilder.Redirect.INHERIT);
            pb.environment().put("PYTHONPATH", searchPath + java.io.File.pathSeparator + folder);
            pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
            Process p = pb.start();
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> input.accept(p.getOutputStream()));
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            writer.join();
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException(driverResource + " failed (exit " + p.exitValue() + ")");
            }
            for (String file : List.of(driverResource, "bfcl_eval_standins.py", SHARED_DRIVER_CODE)) {
                Files.deleteIfExists(folder.resolve(file));
            }
            Files.deleteIfExists(folder);
            if (lines.size() != count) {
                throw new IllegalStateException(driverResource + " answered " + lines.size() + " of " + count + " cases");
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * bfcl-eval's own {@code data_overall.csv}: its leaderboard aggregation ({@code update_leaderboard_table_with_local_score_file},
     * {@code generate_leaderboard_csv}) run on the score files under {@code scoreFolder} (driver {@code official_leaderboard_csv.py}).
     */
    public String leaderboardCsv(Path scoreFolder) {
        try {
            Path out = Files.createTempDirectory("bfcl-leaderboard");
            runScript("official_leaderboard_csv.py", List.of(scoreFolder.toString(), out.toString()));
            return Files.readString(out.resolve("data_overall.csv"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * bfcl-eval's own multi-turn evaluation ({@code multi_turn_runner}, driver {@code official_multi_turn_results.py}) of
     * every {@code <model>/multi_turn/BFCL_v4_multi_turn_*_result.json} under {@code resultFolder}, against the entries of
     * those ids in the installed package: its score files are written under {@code scoreFolder}
     * ({@code <model>/multi_turn/BFCL_v4_<category>_score.json}). Every {@code <model>/agentic/BFCL_v4_web_search_*_result.json}
     * likewise, by bfcl-eval's {@code agentic_runner} ({@code <model>/agentic/BFCL_v4_<category>_score.json}). {@code fcModels}: the models whose steps are decoded as
     * the OpenAI-compatible function-calling handler decodes them (the others as a prompt handler).
     */
    public void evaluateMultiTurnResults(Path resultFolder, Path scoreFolder, String... fcModels) {
        List<String> args = new java.util.ArrayList<>(List.of(resultFolder.toString(), scoreFolder.toString()));
        args.addAll(List.of(fcModels));
        runScript("official_multi_turn_results.py", args);
    }

    /**
     * bfcl-eval's own single-turn AST evaluation ({@code ast_file_runner}, driver {@code official_single_turn_results.py})
     * of every {@code <model>/non_live/BFCL_v4_<category>_result.json} of an AST category under {@code resultFolder},
     * against the entries of those ids in the installed package: its score files are written under {@code scoreFolder}.
     * {@code fcModels}: the models whose results are decoded as the OpenAI-compatible function-calling handler decodes
     * them, names judged with {@code underscore_to_dot} (the others as a prompt handler).
     */
    public void evaluateSingleTurnResults(Path resultFolder, Path scoreFolder, String... fcModels) {
        List<String> args = new java.util.ArrayList<>(List.of(resultFolder.toString(), scoreFolder.toString()));
        args.addAll(List.of(fcModels));
        runScript("official_single_turn_results.py", args);
    }

    /**
     * bfcl-eval's own format-sensitivity evaluation ({@code format_sensitivity_runner}, driver
     * {@code official_format_sensitivity.py}) of a result file of {@code format_sensitivity_<n>:<config>:<id>} entries,
     * against its own entries and possible answers: its score file is written to
     * {@code scoreFolder/<model>/format_sensitivity/BFCL_v4_format_sensitivity_score.json}.
     */
    public void evaluateFormatSensitivity(Path resultFile, Path scoreFolder, String model) {
        runScript("official_format_sensitivity.py", List.of(resultFile.toString(), scoreFolder.toString(), model));
    }

    /**
     * Runs the bundled {@code /bfcl/<script>} with bfcl-eval and the shared {@code bfcl_eval_standins.py} on its path and
     * these arguments; fails unless it exits 0.
     */
    private void runScript(String script, List<String> args) {
        try {
            Path folder = Files.createTempDirectory("bfcl-driver");
            for (String file : List.of(script, "bfcl_eval_standins.py")) {
                try (InputStream in = OfficialBfclChecker.class.getResourceAsStream("/bfcl/" + file)) {
                    Files.write(folder.resolve(file), in.readAllBytes());
                }
            }
            List<String> command = new java.util.ArrayList<>(List.of("python3", folder.resolve(script).toString()));
            command.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("PYTHONPATH", pythonPath + java.io.File.pathSeparator + folder);
            pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
            Process p = pb.start();
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException(script + " failed (exit " + p.exitValue() + ")");
            }
            for (String file : List.of(script, "bfcl_eval_standins.py")) {
                Files.deleteIfExists(folder.resolve(file));
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The folder holding {@code bfcl_eval/} (what {@code PYTHONPATH} gets). */
    public Path root() {
        return pythonPath;
    }

    private static void write(List<Case> cases, OutputStream stdin) {
        try (OutputStream out = stdin) {
            for (Case c : cases) {
                ObjectNode line = Json.MAPPER.createObjectNode();
                line.put("key", c.key());
                line.put("category", c.category());
                line.set("functions", Json.MAPPER.valueToTree(c.functions()));
                line.set("ground_truth", Json.MAPPER.valueToTree(c.groundTruth()));
                line.set("prediction", Json.MAPPER.valueToTree(c.prediction().stream().map(call -> {
                    Map<String, Object> one = new LinkedHashMap<>();
                    one.put(call.name(), call.arguments());
                    return one;
                }).toList()));
                line.put("underscore_to_dot", c.underscoreToDot());
                line.put("decoded", c.decoded());
                if (c.raw() != null) {
                    line.put("raw", c.raw());
                }
                out.write((Json.MAPPER.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Verdict verdict(String line) {
        try {
            JsonNode v = Json.MAPPER.readTree(line);
            return new Verdict(v.path("key").asText(), v.path("valid").asBoolean(),
                    v.path("error_type").isTextual() ? v.path("error_type").asText() : null,
                    v.path("exception").isTextual() ? v.path("exception").asText() : null,
                    v.path("official_decoded").isTextual() ? v.path("official_decoded").asText() : null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
