package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclEvalPackage;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnImporter;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.BfclMultiTurnPrompt;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The prompt text of every entry of bfcl-eval 2026.3.23's four multi-turn categories equals what bfcl-eval's own code
 * renders (driver {@code official_multi_turn_prompt.py}: its {@code populate_test_cases_with_predefined_functions},
 * {@code system_prompt_pre_processing_chat_model} and the held-out turn's user message, from the raw test files): the
 * messages of the first step (system prompt with the function docs as {@code json.dumps(indent=4)}, a question's own
 * system message appended, the first user messages) and the user message of every held-out function's turn.
 */
class BfclMultiTurnPromptOfficialIT {
    @Test
    void firstStepMessagesAndHeldOutTurnMessagesEqualBfclEvals() throws Exception {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        BfclEvalPackage bfclEval = BfclEvalPackage.at(official.root());
        List<String> differences = new ArrayList<>();
        int entries = 0;
        int holdoutTurns = 0;
        for (String category : BfclMultiTurnImporter.CATEGORIES) {
            List<Object> raw = new ArrayList<>();
            for (String line : Files.readAllLines(bfclEval.tests(category))) {
                if (!line.isBlank()) {
                    raw.add(Json.MAPPER.readValue(line, Map.class));
                }
            }
            BfclMultiTurnImporter.Result imported = BfclMultiTurnImporter.read(bfclEval.tests(category), bfclEval.answers(category),
                    bfclEval.functionDocs(), category);
            List<JsonNode> theirs = official.runDriver("official_multi_turn_prompt.py", raw);
            assertThat(theirs).hasSameSizeAs(imported.entries());
            for (int i = 0; i < theirs.size(); i++) {
                BfclMultiTurnEntry entry = imported.entries().get(i);
                JsonNode expected = theirs.get(i);
                assertThat(expected.path("id").asText()).isEqualTo(entry.id());
                entries++;
                List<ChatMessage> ours = BfclMultiTurnPrompt.messages(entry, imported.functionDocs(), List.of(List.of()));
                List<ChatMessage> first = new ArrayList<>();
                expected.path("first_turn").forEach(m -> first.add(new ChatMessage(m.path("role").asText(), m.path("content").asText())));
                if (!ours.equals(first)) {
                    differences.add(entry.id() + " first step: " + firstDifference(ours, first));
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = expected.path("holdout").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> h = it.next();
                    int turn = Integer.parseInt(h.getKey());
                    holdoutTurns++;
                    List<List<dev.ibench.core.bfcl.BfclMultiTurnStep>> turns = new ArrayList<>();
                    for (int t = 0; t <= turn; t++) {
                        turns.add(List.of());
                    }
                    List<ChatMessage> upTo = BfclMultiTurnPrompt.messages(entry, imported.functionDocs(), turns);
                    ChatMessage last = upTo.get(upTo.size() - 1);
                    if (!last.role().equals("user") || !last.content().equals(h.getValue().asText())) {
                        differences.add(entry.id() + " held-out turn " + turn + ": ibench " + last.content() + " / bfcl-eval " + h.getValue().asText());
                    }
                }
            }
        }
        System.out.printf("BfclMultiTurnPromptOfficialIT: %d entries (first-step messages), %d held-out turns compared, %d differ%n",
                entries, holdoutTurns, differences.size());
        assertThat(differences).as("prompt text differing from bfcl-eval's").isEmpty();
        assertThat(entries).isEqualTo(800);
        assertThat(holdoutTurns).isGreaterThanOrEqualTo(200);
    }

    static String firstDifference(List<ChatMessage> ours, List<ChatMessage> theirs) {
        for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++) {
            if (!ours.get(i).equals(theirs.get(i))) {
                String a = ours.get(i).content();
                String b = theirs.get(i).content();
                int at = 0;
                while (at < Math.min(a.length(), b.length()) && a.charAt(at) == b.charAt(at)) {
                    at++;
                }
                return "message " + i + " (" + ours.get(i).role() + "/" + theirs.get(i).role() + ") at char " + at + ": ibench '"
                        + a.substring(Math.max(0, at - 40), Math.min(a.length(), at + 40)) + "' bfcl-eval '"
                        + b.substring(Math.max(0, at - 40), Math.min(b.length(), at + 40)) + "'";
            }
        }
        return ours.size() + " messages vs " + theirs.size();
    }
}
