package dev.ibench.activities.ablation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.ProfileGateways.ProfileModel;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.ablation.Distractor;
import dev.ibench.core.ablation.ExpansionOutcome;
import dev.ibench.core.ablation.ParaphraseOutcome;
import dev.ibench.core.campaign.GeneratorModel;
import dev.ibench.core.campaign.ParaphraseSettings;
import dev.ibench.core.campaign.ToolkitExpansionSettings;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.store.embedding.CosineSimilarity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator path with the real embedding model, results store and response cache, and a scripted generator model
 * (TEST DOUBLE {@link ScriptedWriter}: fixed answers, counts its calls): a rewrite is used only past the meaning check,
 * written tools are kept by their similarity to the gold tool (recomputed here with a separately loaded
 * all-MiniLM-L6-v2), and material is paid for once, also by a second worker on the same store or the same cache.
 */
class AblationGeneratorTest {
    private static final GeneratorModel WRITER = new GeneratorModel("scripted-writer", null, null, null);
    private static final Map<String, Object> FILTER = filterTool();

    @TempDir Path dir;

    /** As an eval set file loads it: arguments in file order. */
    private static Map<String, Object> filterTool() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("key_name", Map.of("type", "string", "description", "the column to filter on"));
        arguments.put("value", Map.of("type", "string", "description", "the value to compare with"));
        return Map.of("name", "filter_data", "description", "Filters the rows of a table by the value of one column", "arguments", arguments);
    }

    /** TEST DOUBLE, not a model: answers paraphrase and expansion prompts with fixed texts and counts its calls. */
    static final class ScriptedWriter implements ModelClient {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public String endpoint() {
            return "scripted-writer";
        }

        @Override
        public ModelResponse complete(ModelRequest request) {
            calls.incrementAndGet();
            List<ChatMessage> m = request.prompt().messages();
            String user = m.get(m.size() - 1).content();
            String text;
            if (m.get(0).content().startsWith("You are a helpful assistant helping rephrasing")) {
                text = user.contains("Batman") ? "Tell me the full name of the superhero Batman." : "Which painter made the Mona Lisa?";
            } else {
                Matcher name = Pattern.compile("\"name\" : \"([^\"]+)\"").matcher(user);
                String gold = name.find() ? name.group(1) : "unknown";
                text = """
                        [{"request": "Filter heroes whose height lies in a range", "tool": {"name": "%1$s_in_range",
                          "description": "Filters the rows of a table by a range of values of one column",
                          "parameters": {"type": "object", "properties": {"key_name": {"type": "string", "description": "the column to filter on"},
                            "low": {"type": "number", "description": "the lowest value"}, "high": {"type": "number", "description": "the highest value"}}}}},
                         {"request": "Book a room", "tool": {"name": "book_hotel_room", "description": "Books a hotel room in a city for some nights",
                          "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "the city"},
                            "nights": {"type": "integer", "description": "how many nights"}}}}}]""".formatted(gold);
            }
            return new ModelResponse(text, List.of(), "stop", 10, 10, 1);
        }
    }

    private static ProfileModel writer(ScriptedWriter client, ResponseCache cache) {
        ModelProfile profile = ProfileCatalog.parse("""
                name: scripted-writer
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: writer
                family: gpt-4o
                mode: prompt
                api: chat
                max_tokens: 256
                """, "test");
        return new ProfileModel(profile, new ModelGateway(profile, client, cache, new EndpointLimiters(), RetryPolicy.none()));
    }

    private static EvalSample sample(String id, String question) {
        return new EvalSample(id, "superhero", question, null, null,
                List.of(new ToolCall("filter_data", Map.of("key_name", "superhero_name", "value", "Batman"), "F")),
                null, List.of(FILTER), List.of());
    }

    private static double cosine(AllMiniLmL6V2QuantizedEmbeddingModel model, String a, String b) {
        return CosineSimilarity.between(model.embed(a).content(), model.embed(b).content());
    }

    @Test
    void rewritesPassTheMeaningCheckOrFallBackAndArePaidOnce() {
        ScriptedWriter client = new ScriptedWriter();
        ParaphraseSettings settings = new ParaphraseSettings(WRITER, 0.8);
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db")); ResponseCache cache = new ResponseCache(dir.resolve("cache.db"))) {
            ResultsStore store = new ResultsStore(db);
            AblationGenerator generator = new AblationGenerator(store, g -> writer(client, cache), new MiniLmSimilarity());
            ParaphraseOutcome batman = generator.paraphrase(sample("s1", "What is the full name of Batman?"), settings);
            ParaphraseOutcome drift = generator.paraphrase(sample("s2", "How tall is Superman?"), settings);
            AllMiniLmL6V2QuantizedEmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();

            assertThat(batman.accepted()).isTrue();
            assertThat(batman.question()).isEqualTo("Tell me the full name of the superhero Batman.");
            assertThat(cosine(model, "What is the full name of Batman?", batman.rewrite())).isGreaterThanOrEqualTo(0.8)
                    .isCloseTo(batman.similarity(), org.assertj.core.data.Offset.offset(1e-4));
            assertThat(drift.accepted()).isFalse();
            assertThat(drift.question()).isEqualTo("How tall is Superman?");
            assertThat(drift.rewrite()).isEqualTo("Which painter made the Mona Lisa?");
            assertThat(cosine(model, "How tall is Superman?", "Which painter made the Mona Lisa?")).isLessThan(0.8);
            assertThat(drift.reason()).endsWith("below 0.80: original question kept");
            assertThat(drift.check()).isEqualTo("embedding cosine (all-MiniLM-L6-v2) >= 0.80");
            assertThat(client.calls.get()).isEqualTo(2);

            // every trial, and a second worker on the same store, reads the stored rewrite
            for (int trial = 0; trial < 3; trial++) {
                assertThat(generator.paraphrase(sample("s1", "What is the full name of Batman?"), settings)).isEqualTo(batman);
            }
            AblationGenerator secondWorker = new AblationGenerator(store, g -> writer(client, cache), new MiniLmSimilarity());
            assertThat(secondWorker.paraphrase(sample("s2", "How tall is Superman?"), settings)).isEqualTo(drift);
            assertThat(client.calls.get()).isEqualTo(2);
            assertThat(AblationGenerator.storedParaphrase(store, sample("s1", "What is the full name of Batman?"), settings)).contains(batman);
            // other settings are other material
            assertThat(AblationGenerator.storedParaphrase(store, sample("s1", "What is the full name of Batman?"),
                    new ParaphraseSettings(WRITER, 0.9))).isEmpty();
        }
        // a store that lost the row (a fresh results store) is served by the response cache: still no new model call
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("other.db")); ResponseCache cache = new ResponseCache(dir.resolve("cache.db"))) {
            AblationGenerator generator = new AblationGenerator(new ResultsStore(db), g -> writer(client, cache), new MiniLmSimilarity());
            assertThat(generator.paraphrase(sample("s1", "What is the full name of Batman?"), settings).accepted()).isTrue();
            assertThat(client.calls.get()).isEqualTo(2);
        }
    }

    @Test
    void writtenToolsAreKeptAtSimilarityAtLeastPointEightToTheirGoldToolAndOthersDropped() {
        ScriptedWriter client = new ScriptedWriter();
        ToolkitExpansionSettings settings = new ToolkitExpansionSettings(WRITER, 3, null, null);
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db")); ResponseCache cache = new ResponseCache(dir.resolve("cache.db"))) {
            ResultsStore store = new ResultsStore(db);
            AblationGenerator generator = new AblationGenerator(store, g -> writer(client, cache), new MiniLmSimilarity());
            EvalSample sample = sample("s1", "What is the full name of Batman?");
            ExpansionOutcome out = generator.expansion(sample, settings);
            AllMiniLmL6V2QuantizedEmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();
            // the seed's signature, written out by hand: name and description, then each parameter and its description
            String gold = "filter_data: Filters the rows of a table by the value of one column; key_name: the column to filter on; value: the value to compare with";
            String inRange = "filter_data_in_range: Filters the rows of a table by a range of values of one column; key_name: the column to filter on; "
                    + "low: the lowest value; high: the highest value";
            String hotel = "book_hotel_room: Books a hotel room in a city for some nights; city: the city; nights: how many nights";

            assertThat(out.distractors()).extracting(Distractor::name).containsExactly("filter_data_in_range", "book_hotel_room");
            Distractor kept = out.distractors().get(0);
            Distractor dropped = out.distractors().get(1);
            assertThat(kept.kept()).isTrue();
            assertThat(cosine(model, gold, inRange)).isGreaterThanOrEqualTo(0.8).isCloseTo(kept.similarity(), org.assertj.core.data.Offset.offset(1e-4));
            assertThat(dropped.kept()).isFalse();
            assertThat(dropped.reason()).isEqualTo("below_min_similarity");
            assertThat(cosine(model, gold, hotel)).isLessThan(0.8);
            assertThat(out.applyTo(sample).tools()).extracting(t -> t.get("name")).containsExactly("filter_data", "filter_data_in_range");
            assertThat(generator.expansion(sample, settings)).isEqualTo(out);
            assertThat(client.calls.get()).as("one call per gold tool, once").isEqualTo(1);
        }
    }
}
