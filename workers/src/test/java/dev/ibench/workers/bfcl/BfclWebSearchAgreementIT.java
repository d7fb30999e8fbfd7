package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.bfcl.BfclMultiTurnExecutor;
import dev.ibench.activities.bfcl.BfclMultiTurnSession;
import dev.ibench.activities.bfcl.BfclWebSearchAccess;
import dev.ibench.core.bfcl.BfclAgenticChecker;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnDecoder;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.bfcl.PythonRepr;
import dev.ibench.core.json.Json;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import dev.ibench.testing.bfcl.StandInSearchServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 43 item 2 on bfcl-eval's own {@code WebSearchAPI}, against {@link StandInSearchServer} (recorded results and
 * pages on loopback; no other network): the first 5 questions of a web-search category, imported from bfcl-eval's
 * package, the model's side scripted (a search, a page fetched in one of the three modes, then an answer: right,
 * "I do not know", upper-cased, after a search without results and a missing page, or calls only). ibench runs the calls
 * in its sandboxed runner (the search key handed over by the variable {@link BfclWebSearchAccess} names, SerpAPI's
 * endpoint pointed at the stand-in) and judges with {@link BfclAgenticChecker}; bfcl-eval runs the same calls with its
 * own code (driver official_web_search.py: load_dataset_entry, execute_multi_turn_func_call,
 * _evaluate_single_agentic_entry with agentic_checker). Equal: each entry as loaded, every call's result and each
 * verdict with its error type; the stand-in received every search of both, with the key.
 */
class BfclWebSearchAgreementIT {
    private static final int QUESTIONS = 5;
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final String KEY_ENV = "IBENCH_IT_SEARCH_KEY";
    private static final String KEY = "stand-in-key-not-a-secret";

    @ParameterizedTest
    @ValueSource(strings = {"web_search_base", "web_search_no_snippet"})
    void ibenchRunsAndJudgesWebSearchQuestionsAsBfclEval(String category) throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.installWithWebSearchBackend();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        List<BfclMultiTurnEntry> entries = BfclWebSearchImporter.read(bfclEval.data().resolve(BfclWebSearchImporter.TESTS), category)
                .entries().subList(0, QUESTIONS);
        try (StandInSearchServer server = StandInSearchServer.startNumbered(KEY, QUESTIONS)) {
            BfclMultiTurnExecutor executor = new BfclMultiTurnExecutor(bfclEval, "python3", 2048, Files.createTempDirectory("bfcl-web-it"),
                    new BfclWebSearchAccess(KEY_ENV, server.baseUrl(), Map.of(KEY_ENV, KEY)));
            List<Map<String, Object>> cases = new ArrayList<>();
            List<List<List<String>>> ibenchResults = new ArrayList<>();
            List<BfclAgenticChecker.Verdict> verdicts = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                BfclMultiTurnEntry entry = entries.get(i);
                List<String> answers = entry.groundTruth().get(0);
                List<String> texts = script(i, answers.get(0), server);
                List<Map<String, Object>> steps = new ArrayList<>();
                List<List<String>> results = new ArrayList<>();
                try (BfclMultiTurnSession session = executor.open(entry, List.of(), LIMIT)) {
                    for (String text : texts) {
                        List<String> calls = BfclMultiTurnDecoder.decode(text);
                        Map<String, Object> step = new LinkedHashMap<>();
                        step.put("text", text);
                        step.put("decoded", calls.isEmpty() ? null : calls);
                        steps.add(step);
                        if (!calls.isEmpty()) {
                            results.add(session.execute(calls));
                        }
                    }
                    if (i == 0) { // the sandbox reaches loopback only: any other host is refused before it is resolved
                        assertThat(session.execute(List.of("fetch_url_content(url='http://192.0.2.1/page')")).get(0))
                                .contains("only loopback hosts are reachable");
                    }
                }
                ibenchResults.add(results);
                verdicts.add(BfclAgenticChecker.check(texts, answers));
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("key", entry.id());
                c.put("category", category);
                c.put("id", entry.id());
                c.put("search_url", server.baseUrl());
                c.put("api_key", KEY);
                c.put("steps", steps);
                c.put("possible_answer", answers);
                cases.add(c);
            }
            // a failed request's error names its URL, key included: the result shows the variable's name instead (port 1: nothing
            // listens there, the connection is refused; urllib3's message has no object address, so no chance "429" retries it)
            BfclMultiTurnExecutor unreachable = new BfclMultiTurnExecutor(bfclEval, "python3", 2048, Files.createTempDirectory("bfcl-web-it"),
                    new BfclWebSearchAccess(KEY_ENV, "http://127.0.0.1:1", Map.of(KEY_ENV, KEY)));
            try (BfclMultiTurnSession session = unreachable.open(entries.get(0), List.of(), LIMIT)) {
                String failed = session.execute(List.of("search_engine_query(keywords='x')")).get(0);
                assertThat(failed).contains("error").contains("api_key=<SERPAPI_API_KEY>").doesNotContain(KEY);
            }
            assertThat(server.searches()).as("ibench's searches reached the stand-in with the key").hasSize(QUESTIONS)
                    .allMatch(StandInSearchServer.Search::keyAccepted).allMatch(s -> "duckduckgo".equals(s.engine()));

            List<JsonNode> theirs = official.judgeWebSearch(cases);
            assertThat(server.searches()).as("bfcl-eval's searches too").hasSize(2 * QUESTIONS);
            assertThat(server.searches().subList(QUESTIONS, 2 * QUESTIONS)).isEqualTo(server.searches().subList(0, QUESTIONS));
            List<String> errorTypes = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                BfclMultiTurnEntry entry = entries.get(i);
                JsonNode their = theirs.get(i);
                JsonNode loaded = their.path("entry");
                assertThat(entry.id()).isEqualTo(loaded.path("id").asText());
                assertThat(entry.turns()).as(entry.id() + " question").isEqualTo(
                        Json.MAPPER.convertValue(loaded.path("question"), new TypeReference<List<List<Map<String, Object>>>>() {}));
                assertThat(entry.initialConfig()).as(entry.id() + " initial config").isEqualTo(
                        Json.MAPPER.convertValue(loaded.path("initial_config"), new TypeReference<Map<String, Object>>() {}));
                assertThat(entry.involvedClasses()).isEqualTo(List.of(loaded.path("involved_classes").get(0).asText()));
                assertThat(ibenchResults.get(i)).as(entry.id() + " results").isEqualTo(
                        Json.MAPPER.convertValue(their.path("results"), new TypeReference<List<List<String>>>() {}));
                assertThat(verdicts.get(i).valid()).as(entry.id() + " valid").isEqualTo(their.path("valid").asBoolean());
                String theirType = their.path("error_type").isNull() ? null : their.path("error_type").asText();
                assertThat(verdicts.get(i).errorType()).as(entry.id() + " error type").isEqualTo(theirType);
                errorTypes.add(theirType);
            }
            // by hand from the script: right, "I do not know", upper-cased right, a wrong answer, calls only
            assertThat(errorTypes).containsExactly(null, BfclAgenticChecker.ANSWER_NOT_FOUND, null, BfclAgenticChecker.ANSWER_NOT_FOUND,
                    BfclAgenticChecker.NO_LAST_MESSAGE);
            String firstSearch = ibenchResults.get(0).get(0).get(0);
            assertThat(firstSearch).contains(server.pageUrl("q0-a")).contains("Result A 0");
            if (category.equals("web_search_base")) {
                assertThat(firstSearch).contains("'body'").contains("Snippet A 0");
            } else {
                assertThat(firstSearch).doesNotContain("'body'").doesNotContain("Snippet A 0");
            }
            assertThat(ibenchResults.get(0).get(1).get(0)).as("truncate mode: the page's text without script and style")
                    .contains("The answer is here").doesNotContain("var hidden").doesNotContain("<p>");
            assertThat(ibenchResults.get(1).get(0).get(0)).as("max_results=1").doesNotContain("Result B 1");
            assertThat(ibenchResults.get(2).get(1).get(0)).as("raw mode: the page's HTML").contains("<p>The answer is here");
            assertThat(ibenchResults.get(3).get(0).get(0)).contains("Failed to retrieve the search results");
            assertThat(ibenchResults.get(3).get(1).get(0)).contains("404");
        }
    }

    /** The model's steps for question {@code i}: a search, a fetch, then an answer (or none). */
    private static List<String> script(int i, String answer, StandInSearchServer server) {
        String search = "[search_engine_query(keywords=" + PythonRepr.of(StandInSearchServer.query(i)) + ")]";
        return switch (i) {
            case 0 -> List.of(search, fetch(server.pageUrl("q0-a"), "truncate"), answer(answer));
            case 1 -> List.of("[search_engine_query(keywords=" + PythonRepr.of(StandInSearchServer.query(1)) + ", max_results=1)]",
                    fetch(server.pageUrl("q1-a"), "markdown"), answer("I do not know"));
            case 2 -> List.of(search, fetch(server.pageUrl("q2-b"), "raw"), answer(answer.toUpperCase(java.util.Locale.ROOT)));
            case 3 -> List.of("[search_engine_query(keywords='a query nobody recorded')]", fetch(server.pageUrl("missing"), "raw"),
                    answer("a wrong guess"));
            default -> List.of(search, "[fetch_url_content(url=" + PythonRepr.of(server.pageUrl("q" + i + "-a")) + ")]");
        };
    }

    private static String fetch(String url, String mode) {
        return "[fetch_url_content(url=" + PythonRepr.of(url) + ", mode=" + PythonRepr.of(mode) + ")]";
    }

    private static String answer(String text) {
        return "{'answer': " + PythonRepr.of(text) + ", 'context': 'from the pages I read'}";
    }
}
