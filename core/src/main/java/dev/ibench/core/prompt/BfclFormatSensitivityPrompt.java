package dev.ibench.core.prompt;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclFunctionDocs;
import dev.ibench.core.bfcl.BfclImporter;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The chat messages bfcl-eval 2026.3.23 sends a prompt handler for one {@code format_sensitivity} entry
 * ({@code format_sensitivity_<n>:<config>:<original id>}): {@code system_prompt_pre_processing_chat_model} with the system
 * prompt of the entry's configuration ({@link BfclSystemPrompt}) before the question's messages (a question's own system
 * message gets it in front, joined by a blank line). The functions are shown as bfcl-eval's generation loads them:
 * {@code load_dataset_entry("format_sensitivity")} adds the language hint to each description twice, once when it loads
 * the original category ({@code " Note that the provided function is in Python 3 syntax."}, or Java's / JavaScript's with
 * their parameters as strings: {@link BfclFunctionDocs}) and once more under the category {@code format_sensitivity},
 * which it takes for Python.
 */
public final class BfclFormatSensitivityPrompt {
    static final String PYTHON_HINT = " Note that the provided function is in Python 3 syntax.";
    private static final Pattern ROLE_LINE = Pattern.compile("(?m)^(system|user|assistant): ");

    private BfclFormatSensitivityPrompt() {}

    public static List<ChatMessage> messages(EvalSample sample) {
        BfclFormatSensitivity.Config config = BfclFormatSensitivity.Config.parse(BfclFormatSensitivity.EntryId.parse(sample.sampleId()).config());
        String system = BfclSystemPrompt.of(config, functionsShown(sample));
        List<ChatMessage> messages = new ArrayList<>(question(sample.input()));
        if ("system".equals(messages.get(0).role())) {
            messages.set(0, ChatMessage.system(system + "\n\n" + messages.get(0).content()));
        } else {
            messages.add(0, ChatMessage.system(system));
        }
        return messages;
    }

    /** The entry's functions with the hints bfcl-eval's generation gives them (see the class comment). */
    static List<Map<String, Object>> functionsShown(EvalSample sample) {
        List<Map<String, Object>> original = BfclFunctionDocs.forModel(sample.datasetName(), sample.tools());
        boolean python = original == sample.tools(); // forModel shows Python functions unchanged, Java / JavaScript hinted
        List<Map<String, Object>> copy = Json.MAPPER.convertValue(original, new TypeReference<>() {});
        for (Map<String, Object> f : copy) {
            f.put("description", f.get("description") + (python ? PYTHON_HINT : "") + PYTHON_HINT);
        }
        return copy;
    }

    /**
     * The question's messages, read back from the sample's {@code input} ({@link BfclImporter}'s text of the question):
     * one message's content as it is (a user message), several as {@code role: content} lines.
     */
    static List<ChatMessage> question(String input) {
        Matcher m = ROLE_LINE.matcher(input);
        List<int[]> starts = new ArrayList<>();
        while (m.find()) {
            starts.add(new int[] {m.start(), m.end()});
        }
        if (starts.size() < 2 || starts.get(0)[0] != 0) {
            return List.of(ChatMessage.user(input));
        }
        List<ChatMessage> out = new ArrayList<>();
        for (int i = 0; i < starts.size(); i++) {
            int end = i + 1 < starts.size() ? starts.get(i + 1)[0] - 1 : input.length();
            String role = input.substring(starts.get(i)[0], starts.get(i)[1] - 2);
            out.add(new ChatMessage(role, input.substring(starts.get(i)[1], end)));
        }
        return out;
    }
}
