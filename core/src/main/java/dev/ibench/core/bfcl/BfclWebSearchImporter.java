package dev.ibench.core.bfcl;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a BFCL web-search category ({@code web_search_base}, {@code web_search_no_snippet}) from bfcl-eval's
 * {@code BFCL_v4_web_search.json} as its {@code load_dataset_entry} prepares it: the two categories share the questions,
 * every id renamed for the category ({@code process_web_search_test_case}: {@code web_search_0} becomes
 * {@code web_search_no_snippet_0}), the answer format put in front of the question as a system message
 * ({@code process_agentic_test_case}), and the backend {@code WebSearchAPI} loaded with {@code show_snippet} false for
 * no_snippet ({@code populate_initial_settings_for_web_search_test_cases}: its search results then have no
 * {@code body}). The possible answers ({@code possible_answer/BFCL_v4_web_search.json}, texts) and the function docs
 * ({@code multi_turn_func_doc/web_search.json}) are read from beside the test file. Each question is a one-turn
 * {@link BfclMultiTurnEntry} whose ground truth's one turn holds the possible answers (texts, judged by
 * {@link BfclAgenticChecker}), not calls.
 */
public final class BfclWebSearchImporter {
    public static final List<String> CATEGORIES = List.of("web_search_base", "web_search_no_snippet");
    public static final String TESTS = "BFCL_v4_web_search.json";
    public static final String BACKEND = "WebSearchAPI";
    public static final String DOC_FILE = "web_search.json";

    private BfclWebSearchImporter() {}

    public static boolean isWebSearch(String category) {
        return category != null && CATEGORIES.contains(category.trim().toLowerCase(Locale.ROOT));
    }

    /** Reads {@code category} from {@code tests} ({@code BFCL_v4_web_search.json}) and the files bfcl-eval ships beside it. */
    public static BfclMultiTurnImporter.Result read(Path tests, String category) {
        if (!isWebSearch(category)) {
            throw new IllegalArgumentException("not a BFCL web-search category: '" + category + "' (valid: " + String.join(", ", CATEGORIES) + ")");
        }
        String key = category.trim().toLowerCase(Locale.ROOT);
        Path data = tests.toAbsolutePath().getParent();
        Path answers = data.resolve("possible_answer").resolve(TESTS);
        Path docs = data.resolve("multi_turn_func_doc").resolve(DOC_FILE);
        for (Path needed : List.of(answers, docs)) {
            if (!Files.isRegularFile(needed)) {
                throw new IllegalArgumentException("BFCL category " + key + " needs " + needed + " beside " + tests.getFileName()
                        + " (bfcl-eval's bfcl_eval/data layout), and it is missing");
            }
        }
        Map<String, List<String>> possible = BfclTestRows.answerTexts(answers);
        List<BfclMultiTurnEntry> entries = new ArrayList<>();
        List<BfclImporter.RejectedRow> rejected = BfclTestRows.read(tests, (row, id) -> entries.add(entry(row, id, key, possible)));
        return new BfclMultiTurnImporter.Result(entries, rejected, Map.of(BACKEND, BfclMultiTurnImporter.functionDocFile(docs)));
    }

    private static BfclMultiTurnEntry entry(JsonNode row, String id, String category, Map<String, List<String>> possible) {
        if (!id.startsWith("web_search_")) {
            throw new IllegalArgumentException("id '" + id + "' is not a web-search question");
        }
        List<Map<String, Object>> question = BfclTestRows.oneTurn(row);
        List<String> answers = BfclTestRows.answersOf(possible, id);
        List<Map<String, Object>> turn = new ArrayList<>();
        Map<String, Object> format = new LinkedHashMap<>();
        format.put("role", "system");
        format.put("content", BfclAgenticChecker.ANSWER_FORMAT);
        turn.add(format);
        turn.addAll(question);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("show_snippet", !category.contains("no_snippet"));
        return new BfclMultiTurnEntry(id.replace("web_search", category), category, List.of(turn), List.of(BACKEND), Map.of(BACKEND, config),
                Map.of(), List.of(answers));
    }
}
