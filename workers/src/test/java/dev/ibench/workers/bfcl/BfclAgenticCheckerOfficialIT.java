package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclAgenticChecker;
import dev.ibench.core.json.Json;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BfclAgenticChecker#answerFound} against bfcl-eval's own {@code agentic_checker} (driver
 * official_agentic_checker.py) on every possible answer bfcl-eval ships for the agentic categories (memory and web
 * search), each put in responses changed in the ways the standardizing and the word boundaries decide: the answer
 * format, case, hyphens / underscores / commas / no space between words, word characters or digits next to it, quotes,
 * brackets, a character dropped, the checker's punctuation inserted at random places, and a response without it. Seeded
 * with the project's seed 32 and with one held back while the checker was written (20261129).
 */
class BfclAgenticCheckerOfficialIT {
    private static final String PUNCTUATION = ",./-_*^()";

    @Test
    void everyVerdictEqualsAgenticCheckers() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        List<List<String>> answerLists = new ArrayList<>();
        for (String file : List.of("possible_answer/BFCL_v4_memory.json", "possible_answer/BFCL_v4_web_search.json")) {
            for (String line : Files.readAllLines(official.data().resolve(file))) {
                if (!line.isBlank()) {
                    JsonNode row = Json.MAPPER.readTree(line);
                    answerLists.add(Json.MAPPER.convertValue(row.get("ground_truth"), new com.fasterxml.jackson.core.type.TypeReference<List<String>>() {}));
                }
            }
        }
        assertThat(answerLists).hasSize(255);
        List<Map<String, Object>> cases = new ArrayList<>();
        List<Boolean> ours = new ArrayList<>();
        for (long seed : new long[] {32, 20261129}) {
            Random random = new Random(seed);
            for (List<String> answers : answerLists) {
                String gold = answers.get(random.nextInt(answers.size()));
                for (String response : responses(gold, random)) {
                    cases.add(Map.of("key", Integer.toString(cases.size()), "response", response, "answers", answers));
                    ours.add(BfclAgenticChecker.answerFound(response, answers));
                }
            }
        }
        List<JsonNode> theirs = official.runDriver("official_agentic_checker.py", cases);
        List<String> differences = new ArrayList<>();
        int valid = 0;
        for (int i = 0; i < cases.size(); i++) {
            boolean their = theirs.get(i).get("valid").asBoolean();
            valid += their ? 1 : 0;
            if (their != ours.get(i)) {
                differences.add(cases.get(i) + ": bfcl-eval " + their + ", ibench " + ours.get(i));
            }
        }
        System.out.printf(Locale.ROOT, "BfclAgenticCheckerOfficialIT: %d responses over %d answer lists, %d found by bfcl-eval, %d differences%n",
                cases.size(), answerLists.size(), valid, differences.size());
        assertThat(differences).isEmpty();
        assertThat(valid).as("both outcomes exercised").isBetween(cases.size() / 4, cases.size() * 3 / 4);
    }

    private static List<String> responses(String gold, Random random) {
        List<String> out = new ArrayList<>();
        out.add("{'answer': '" + gold + "', 'context': 'from the search results'}");
        out.add(gold.toUpperCase(Locale.ROOT));
        out.add("It is " + gold.replace(' ', '-') + ".");
        out.add(gold.replace(' ', '_'));
        out.add(gold.replace(" ", ", "));
        out.add(gold.replace(" ", ""));
        out.add("x" + gold + "y");
        out.add(gold + "0 more");
        out.add("'" + gold + "'");
        out.add("\"" + gold + "\" it is");
        out.add("(" + gold + ")");
        out.add(gold.length() > 1 ? gold.substring(0, gold.length() - 1) : gold + gold);
        StringBuilder punctuated = new StringBuilder(gold);
        for (int k = 0; k < 2; k++) {
            punctuated.insert(random.nextInt(punctuated.length() + 1), PUNCTUATION.charAt(random.nextInt(PUNCTUATION.length())));
        }
        out.add("Answer: " + punctuated);
        StringBuilder dropped = new StringBuilder(gold);
        dropped.deleteCharAt(random.nextInt(dropped.length()));
        out.add("Answer: " + dropped);
        out.add("{'answer': 'I do not know', 'context': 'I do not know'}");
        return out;
    }
}
