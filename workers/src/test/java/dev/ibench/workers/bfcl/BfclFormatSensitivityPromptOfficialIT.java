package dev.ibench.workers.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFormatSensitivityEvalSet;
import dev.ibench.core.prompt.BfclFormatSensitivityPrompt;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.bfcl.OfficialBfclChecker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The messages ibench sends for every format_sensitivity entry of bfcl-eval 2026.3.23 (200 entries x 26 configurations)
 * equal, byte for byte, the ones bfcl-eval's own code builds for a prompt handler (driver
 * {@code official_format_sensitivity_prompt.py}: its loader's entries and {@code system_prompt_pre_processing_chat_model}
 * with the id's configuration): every return format, tag, function-doc format (json, xml, python), the markdown layout
 * and the experimental style, and the questions that bring their own system message.
 */
class BfclFormatSensitivityPromptOfficialIT {
    @Test
    void everyEntrysMessagesEqualBfclEvals() {
        OfficialBfclChecker official = OfficialBfclChecker.install();
        List<EvalSample> samples = BfclFormatSensitivityEvalSet.read(official.data()).samples();
        List<JsonNode> theirs = official.runDriver("official_format_sensitivity_prompt.py", samples.stream().map(EvalSample::sampleId).toList());
        List<String> differences = new ArrayList<>();
        Set<String> configs = new HashSet<>();
        Set<String> differing = new HashSet<>(); // original entries whose first difference is shown
        int withOwnSystem = 0;
        for (int i = 0; i < samples.size(); i++) {
            EvalSample s = samples.get(i);
            JsonNode expected = theirs.get(i);
            assertThat(expected.path("id").asText()).isEqualTo(s.sampleId());
            List<ChatMessage> want = new ArrayList<>();
            expected.path("messages").forEach(m -> want.add(new ChatMessage(m.path("role").asText(), m.path("content").asText())));
            List<ChatMessage> ours = BfclFormatSensitivityPrompt.messages(s);
            String original = BfclFormatSensitivity.EntryId.parse(s.sampleId()).originalId();
            if (!ours.equals(want)) {
                differences.add(s.sampleId() + (differing.add(original) ? ": " + BfclMultiTurnPromptOfficialIT.firstDifference(ours, want) : ""));
            }
            configs.add(BfclFormatSensitivity.EntryId.parse(s.sampleId()).config());
            withOwnSystem += s.input().startsWith("system: ") ? 1 : 0;
        }
        System.out.printf("BfclFormatSensitivityPromptOfficialIT: %d entries, %d configurations, %d with more than one question message, %d differ%n",
                samples.size(), configs.size(), withOwnSystem, differences.size());
        assertThat(differences).as("messages differing from bfcl-eval's").isEmpty();
        assertThat(samples).hasSize(5200);
        assertThat(configs).hasSize(26);
        assertThat(withOwnSystem).as("entries whose question has its own system message (7 x 26)").isEqualTo(7 * 26);
    }
}
