package dev.ibench.core.ablation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.TestData;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.SampleScorer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pure parts of paraphrase and toolkit_expansion: prompts (seed 004 appendix 7.1/7.2 text), reading written tools,
 * the keep/drop decision with a scripted similarity (a test stand-in for the embedding model: values set by hand), and
 * scoring a call to a distractor on the real tool runtime (a wrong call, not a crash).
 */
class ModelWrittenAblationTest {
    private static final Map<String, Object> FILTER = Map.of("name", "filter_data", "description", "Filters rows of a table",
            "arguments", Map.of("data_source", Map.of("type", "string", "description", "the table"),
                    "key_name", Map.of("type", "string", "description", "the column")));
    private static final Map<String, Object> RETRIEVE = Map.of("name", "retrieve_data", "description", "Returns a column",
            "arguments", Map.of("data_source", Map.of("type", "string", "description", "the table")));

    /** Scripted similarity: by the written tool's name in its signature, else 0.1. */
    private static TextSimilarity scripted(Map<String, Double> byName) {
        return new TextSimilarity() {
            @Override
            public double between(String a, String b) {
                return byName.entrySet().stream().filter(e -> b.startsWith(e.getKey() + ":")).mapToDouble(Map.Entry::getValue).findFirst().orElse(0.1);
            }

            @Override
            public String name() {
                return "scripted";
            }
        };
    }

    private static Map<String, Object> joinStep() {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("name", "initialize_active_data");
        step.put("arguments", Map.of("condition_sequence", List.of()));
        step.put("alias_to_table_dict", Map.of("T1", Map.of("original_table_name", "superhero", "modified_table_name", "superhero")));
        step.put("database_path", "bird/dev_databases/superhero/superhero.sqlite");
        step.put("label", "starting_table_var");
        return step;
    }

    private static final List<ToolCall> GOLD = List.of(
            new ToolCall("filter_data", Map.of("data_source", "$starting_table_var$", "key_name", "superhero_superhero_name",
                    "value", "Batman", "condition", "equal_to"), "F"),
            new ToolCall("retrieve_data", Map.of("data_source", "$F$", "key_name", "superhero_full_name", "distinct", false, "limit", -1), "R"));

    private static EvalSample sample() {
        return new EvalSample("superhero-1", "superhero", "What is Batman's full name?",
                "SELECT full_name FROM superhero WHERE superhero_name = 'Batman'", List.of(List.of("Bruce Wayne")), GOLD,
                joinStep(), List.of(FILTER, RETRIEVE), List.of());
    }

    @Test
    void promptsCarryTheSeedTextTheQuestionAndTheGoldTool() {
        RenderedPrompt p = GenerationPrompts.paraphrase("What is Batman's full name?");
        assertThat(p.messages()).extracting(ChatMessage::role).containsExactly("system", "user", "assistant", "user");
        assertThat(p.messages().get(0).content()).startsWith("You are a helpful assistant helping rephrasing user requests, while accurately "
                + "preserving their meaning, including numbers and names if exist.");
        assertThat(p.messages().get(3).content()).isEqualTo("What is Batman's full name?");
        RenderedPrompt e = GenerationPrompts.expansion("What is Batman's full name?", FILTER, 3);
        assertThat(e.messages().get(0).content()).contains("Create a very similar query that refers to a very similar user need");
        assertThat(e.messages().get(1).content()).contains("Original query: What is Batman's full name?").contains("\"name\" : \"filter_data\"")
                .contains("Write 3 new queries");
    }

    @Test
    void writtenToolsAreReadFromEveryLayoutAndBadItemsAreNamed() {
        DistractorAnswer a = DistractorAnswer.parse("""
                Here you go:
                ```json
                [{"request": "r1", "tool": {"name": "a_tool", "description": "does a", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}},
                 {"type": "function", "function": {"name": "b_tool", "description": "does b"}},
                 {"name": "c_tool", "description": "does c"},
                 {"description": "no name"},
                 {"name": "bad name!", "description": "x"},
                 "text"]
                ```""");
        assertThat(a.tools()).extracting(t -> t.get("name")).containsExactly("a_tool", "b_tool", "c_tool");
        assertThat(a.tools().get(1).get("parameters")).isEqualTo(Map.of("type", "object", "properties", Map.of()));
        assertThat(a.problems()).hasSize(3).anyMatch(p -> p.startsWith("item 3: no valid name"))
                .anyMatch(p -> p.startsWith("item 5: not a tool object"));
        assertThat(DistractorAnswer.parse("I cannot help with that.").problems()).containsExactly("no JSON list in the answer");
    }

    @Test
    void signatureIsNameDescriptionAndEachParameterWithItsDescription() {
        assertThat(ToolSignature.of(Map.of("name", "f", "description", "does f",
                "parameters", Map.of("type", "object", "properties", new LinkedHashMap<>(Map.of("x", Map.of("type", "string", "description", "the x")))))))
                .isEqualTo("f: does f; x: the x");
        assertThat(ToolSignature.of(RETRIEVE)).isEqualTo("retrieve_data: Returns a column; data_source: the table");
    }

    @Test
    void toolsAreKeptInTheSimilarityWindowWithNewNamesUpToTheCountAndTheRestDroppedWithTheirReason() {
        String answer = """
                [{"name": "filter_data_by_range", "description": "Filters rows by a range"},
                 {"name": "book_hotel", "description": "Books a hotel"},
                 {"name": "filter_data_v3", "description": "Same as filter_data"},
                 {"name": "retrieve_data", "description": "Returns a column"},
                 {"name": "filter_data_sorted", "description": "Filters and sorts"},
                 {"name": "filter_data_top", "description": "Filters the top rows"}]""";
        TextSimilarity similarity = scripted(Map.of("filter_data_by_range", 0.85, "filter_data_v3", 0.97, "retrieve_data", 0.9,
                "filter_data_sorted", 0.8, "filter_data_top", 0.82));
        ExpansionOutcome out = new ToolkitExpansion(similarity, 2, 0.8, 0.95).decide(sample(), Map.of("filter_data", answer), "gen");
        assertThat(out.distractors()).extracting(Distractor::name, Distractor::kept, Distractor::reason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("filter_data_by_range", true, null),
                org.assertj.core.groups.Tuple.tuple("book_hotel", false, "below_min_similarity"),
                org.assertj.core.groups.Tuple.tuple("filter_data_v3", false, "above_max_similarity"),
                org.assertj.core.groups.Tuple.tuple("retrieve_data", false, "name_taken"),
                org.assertj.core.groups.Tuple.tuple("filter_data_sorted", true, null),
                org.assertj.core.groups.Tuple.tuple("filter_data_top", false, "over_count"));
        assertThat(out.distractors()).allMatch(d -> d.origin().equals("filter_data"));
        assertThat(out.check()).contains("in [0.80, 0.95]");
        EvalSample shown = out.applyTo(sample());
        assertThat(shown.tools()).extracting(t -> t.get("name"))
                .containsExactly("filter_data", "retrieve_data", "filter_data_by_range", "filter_data_sorted");
        assertThat(ToolkitExpansion.goldTools(sample())).containsOnlyKeys("filter_data", "retrieve_data");
    }

    @Test
    void aCallToADistractorIsAWrongCallOnTheRealRuntimeNotACrash() {
        ExpansionOutcome out = new ToolkitExpansion(scripted(Map.of("filter_data_by_range", 0.9)), 3, 0.8, 1.0)
                .decide(sample(), Map.of("filter_data", "[{\"name\": \"filter_data_by_range\", \"description\": \"Filters rows by a range\"}]"), "gen");
        try (ToolRuntime runtime = new ToolRuntime(TestData.root())) {
            SampleScorer scorer = new SampleScorer(ParserChains.named("json"), runtime).restoring((original, parsed) -> out.restore(parsed));
            SampleScore gold = scorer.score(sample(), """
                    [{"name": "filter_data", "arguments": {"data_source": "$starting_table_var$", "key_name": "superhero_superhero_name", "value": "Batman", "condition": "equal_to"}, "label": "F"},
                     {"name": "retrieve_data", "arguments": {"data_source": "$F$", "key_name": "superhero_full_name", "distinct": false, "limit": -1}, "label": "R"}]""");
            assertThat(gold.completed()).as(gold.lostPoints().toString()).isTrue();
            SampleScore distracted = scorer.score(sample(), """
                    [{"name": "filter_data_by_range", "arguments": {"data_source": "$starting_table_var$", "key_name": "superhero_superhero_name", "value": "Batman", "condition": "equal_to"}, "label": "F"},
                     {"name": "retrieve_data", "arguments": {"data_source": "$F$", "key_name": "superhero_full_name", "distinct": false, "limit": -1}, "label": "R"}]""");
            assertThat(distracted.completed()).isFalse();
            assertThat(distracted.lostPoints()).anyMatch(p -> p.contains("<distractor: filter_data_by_range>"));
        }
    }

    @Test
    void aRewriteIsUsedOnlyWhenItPassesTheMeaningCheckElseTheOriginalIsKeptWithTheReason() {
        ParaphraseCheck check = new ParaphraseCheck(new TextSimilarity() {
            @Override
            public double between(String a, String b) {
                return b.contains("Batman") ? 0.9 : 0.3;
            }

            @Override
            public String name() {
                return "scripted";
            }
        }, 0.8);
        ParaphraseOutcome ok = check.check("What is Batman's full name?", " \"Give the full name of Batman.\"\n", "gen");
        assertThat(ok.accepted()).isTrue();
        assertThat(ok.applyTo(sample()).input()).isEqualTo("Give the full name of Batman.");
        ParaphraseOutcome drift = check.check("What is Batman's full name?", "Who painted the Mona Lisa?", "gen");
        assertThat(drift.accepted()).isFalse();
        assertThat(drift.reason()).isEqualTo("similarity 0.300 below 0.80: original question kept");
        assertThat(drift.applyTo(sample()).input()).isEqualTo("What is Batman's full name?");
        assertThat(check.check("What is Batman's full name?", "  ", "gen").reason()).startsWith("empty answer");
        assertThat(check.check("What is Batman's full name?", "What is Batman's full name?", "gen").accepted()).isFalse();
    }
}
