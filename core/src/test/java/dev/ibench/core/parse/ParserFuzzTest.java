package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Every parser chain and every single stage over generated and hostile model outputs: a result (parsed, wrong format or
 * unparseable) for each, never an exception, within a time bound. Fixed seeds, so CI runs the same cases every time;
 * cases per property come from junit-platform.properties (10,000); bench/run-fuzz-long.sh runs more (bench/results/fuzz-long.json).
 */
class ParserFuzzTest {
    /** Generated outputs are at most a few KB: a parse of any of them by any chain must end well within this. */
    private static final Duration GENERATED_BOUND = Duration.ofSeconds(2);
    /** Hostile outputs are up to 10 MB: each chain must finish within this (linear work, no backtracking blow-up). */
    private static final Duration HOSTILE_BOUND = Duration.ofSeconds(20);
    private static final ExecutorService RUNNER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "parser-fuzz"); // the default stack, as on a worker: deep recursion is a finding
        t.setDaemon(true);
        return t;
    });

    private static final List<String> FRAGMENTS = List.of("{", "}", "[", "]", "\"", "'", ":", ",", " ", "\n", "\\", "\\\"", "\\u00",
            "(", ")", "=", "null", "true", "false", "NaN", "-", ".", "e9", "1e999", "<tool_call>", "</tool_call>", "<function=",
            "</function>", "<function>", "```json\n", "```python\n", "```", "<|python_tag|>", "<|im_end|>", "[TOOL_CALLS]",
            "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>", "function<｜tool▁sep｜>", "<｜tool▁call▁end｜>", "\"name\"", "\"arguments\"",
            "\"parameters\"", "filter_data", "retrieve_data", "\"$var_1.result$\"", "\"$LABEL$\"", "{\"name\": \"", "\", \"arguments\": {",
            "}}", "]}", "def ", "lambda", "**", "*", "#", "/*", "\u0000", "\u001b[31m", "\ud83d\ude00", "\ud800", "\u202e",
            "<think>", "</think>", "<|channel|>", "<|message|>", "analysis", "final", " to=functions.f", "<|constrain|>json", "<|call|>",
            "<|end|>", "<|start|>assistant", "[ARGS]", "[CALL_ID]", "<function=f>", "<parameter=", "<parameter=a>\n", "</parameter>",
            "<｜DSML｜function_calls>", "<｜DSML｜invoke name=\"f\">", "<｜DSML｜parameter name=\"a\" string=\"false\">", "</｜DSML｜parameter>",
            "</｜DSML｜invoke>", "string=\"true\">");

    /** Every stage alone (so a stage behind one that parses is still exercised). */
    private static final List<ParserChain> STAGES = List.of("xml_tool_call", "deepseek_tool_calls", "function_tag", "fenced_code_block",
            "json", "json_lines", "llama_json", "python_call", "python_literal", "harmony", "mistral_args", "qwen3_coder_xml", "deepseek_dsml").stream().map(n -> ParserChains.forProfile(List.of(n))).toList();
    /** Every stage alone and every named chain. */
    private static final List<ParserChain> CHAINS = chains();

    private static List<ParserChain> chains() {
        List<ParserChain> all = new ArrayList<>(STAGES);
        ParserChains.names().stream().sorted().forEach(n -> all.add(ParserChains.named(n)));
        return all;
    }

    @AfterContainer
    static void stopRunner() {
        RUNNER.shutdownNow();
    }

    @Property(seed = "20261123", shrinking = net.jqwik.api.ShrinkingMode.OFF)
    void fragmentSoupsGetAResultFromEveryChain(@ForAll("soups") String raw) {
        parse(CHAINS, raw, GENERATED_BOUND);
    }

    @Property(seed = "20261124", shrinking = net.jqwik.api.ShrinkingMode.OFF)
    void damagedCallListsGetAResultFromEveryChain(@ForAll("damagedCalls") String raw) {
        parse(CHAINS, raw, GENERATED_BOUND);
    }

    @Example
    void deeplyNestedStructuresGetAResult() {
        int depth = 200_000;
        for (String raw : List.of("[".repeat(depth) + "]".repeat(depth), "{\"a\":".repeat(depth) + "1" + "}".repeat(depth),
                "[".repeat(depth), "f(".repeat(depth) + ")".repeat(depth), "<tool_call>".repeat(depth),
                "```json\n" + "[{\"name\":\"x\",\"arguments\":".repeat(depth / 10) + "```", "(".repeat(depth) + "1",
                "[{\"name\": \"f\", \"arguments\": " + "{\"a\": ".repeat(depth) + "1" + "}".repeat(depth) + "}]")) {
            parse(STAGES, raw, HOSTILE_BOUND);
        }
    }

    @Example
    void tenMegabyteOutputsGetAResult() {
        int size = 10 * 1024 * 1024;
        for (String raw : List.of("x".repeat(size), "\"" + "a".repeat(size), "[{\"name\": \"f\", \"arguments\": {\"a\": \"" + "b".repeat(size) + "\"}}]",
                "{\"name\": ".repeat(size / 10), "\u0001\u0002\u001f".repeat(size / 3), "f(a='" + "\\'".repeat(size / 2),
                "<|message|>".repeat(size / 11), " to=functions.f<|message|>{".repeat(size / 26), "<think>".repeat(size / 7),
                "f[ARGS]{\"a\": \"".repeat(size / 14), "<function=".repeat(size / 10), "<function=f><parameter=a>".repeat(size / 25),
                "<function=f>\n<parameter=" + "a".repeat(size), "<｜DSML｜invoke name=\"".repeat(size / 20),
                "<｜DSML｜invoke name=\"f\"><｜DSML｜parameter name=\"a\">".repeat(size / 50))) {
            parse(STAGES, raw, HOSTILE_BOUND);
        }
    }

    private static void parse(List<ParserChain> chains, String raw, Duration bound) {
        for (ParserChain chain : chains) {
            Future<ParsedOutput> result = RUNNER.submit(() -> chain.parse(raw));
            ParsedOutput parsed;
            try {
                parsed = result.get(bound.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException slow) {
                result.cancel(true);
                throw new AssertionError("chain " + chain.name() + " took over " + bound + " on an output of " + raw.length()
                        + " chars starting " + preview(raw));
            } catch (Exception failed) {
                Throwable cause = failed.getCause() == null ? failed : failed.getCause();
                throw new AssertionError("chain " + chain.name() + " threw " + cause + " on an output of " + raw.length()
                        + " chars starting " + preview(raw), cause);
            }
            assertThat(parsed).as(chain.name()).isNotNull();
            assertThat(parsed.status()).as(chain.name()).isNotNull();
            if (parsed.isParsed()) {
                assertThat(parsed.calls()).as(chain.name()).allSatisfy(c -> assertThat(c.name()).isNotNull());
            }
        }
    }

    private static String preview(String raw) {
        String head = raw.length() <= 120 ? raw : raw.substring(0, 120) + "...";
        return "'" + head.replace("\n", "\\n") + "'";
    }

    @Provide
    Arbitrary<String> soups() {
        Arbitrary<String> fragment = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.of(FRAGMENTS)),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().withCharRange('\u0000', '\u001f').ofMaxLength(3)),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().all().ofMaxLength(6)),
                net.jqwik.api.Tuple.of(2, Arbitraries.strings().alpha().numeric().withChars('_').ofMinLength(1).ofMaxLength(10)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(-1000, 1_000_000).map(String::valueOf)));
        return fragment.list().ofMaxSize(150).map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<String> damagedCalls() {
        Arbitrary<String> name = Arbitraries.of("filter_data", "retrieve_data", "sort_data", "get_superhero_names", "f");
        Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.strings().alpha().ofMaxLength(8).map(s -> "\"" + s + "\""),
                Arbitraries.integers().map(String::valueOf), Arbitraries.of("\"$var_1.result$\"", "\"$LABEL$\"", "null", "[1, 2]", "{}"));
        Arbitrary<String> call = Combinators.combine(name, value, value).as((n, a, b) -> "{\"name\": \"" + n
                + "\", \"arguments\": {\"data_source\": " + a + ", \"key\": " + b + "}, \"label\": \"$var_1\"}");
        Arbitrary<String> list = call.list().ofMinSize(1).ofMaxSize(6).map(cs -> "[" + String.join(", ", cs) + "]");
        Arbitrary<String> wrapped = Combinators.combine(list, Arbitraries.of("%s", "<tool_call>%s</tool_call>", "```json\n%s\n```",
                "<|python_tag|>%s", "[TOOL_CALLS]%s", "Sure! Here are the calls: %s Done.", "<function=f>%s</function>",
                "<think>maybe [x]</think>%s", "<|channel|>analysis<|message|>[1]<|end|><|start|>assistant<|channel|>final<|message|>%s")).as(String::formatted);
        Arbitrary<String> python = Combinators.combine(name, value).as((n, v) -> "[" + n + "(data_source=" + v + ", key='k')]");
        Arbitrary<String> valid = Arbitraries.oneOf(wrapped, python);
        return Combinators.combine(valid, Arbitraries.doubles().between(0, 1), Arbitraries.of(FRAGMENTS), Arbitraries.integers().between(0, 3))
                .as((text, cut, insert, mode) -> {
                    int at = (int) (cut * text.length());
                    return switch (mode) {
                        case 0 -> text.substring(0, at);                                   // cut off
                        case 1 -> text.substring(0, at) + insert + text.substring(at);     // one stray fragment
                        case 2 -> text.substring(0, at) + text.substring(Math.min(text.length(), at + 1)); // one char dropped
                        default -> text + text.substring(at);                              // tail repeated
                    };
                });
    }
}
