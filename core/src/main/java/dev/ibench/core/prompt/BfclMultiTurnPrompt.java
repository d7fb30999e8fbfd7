package dev.ibench.core.prompt;

import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.bfcl.PythonRepr;
import dev.ibench.core.sample.NativeTurnText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chat messages of the next model step of a BFCL multi-turn conversation, as bfcl-eval 2026.3.23's prompting
 * handlers build them ({@code inference_multi_turn_prompting} with the OpenAI-compatible handler's message methods):
 * <ul>
 *   <li>the system prompt of BFCL's default format ({@code ret_fmt=python, func_doc_fmt=json, plaintext, classic}) listing
 *       the entry's functions without the held-out ones as {@code json.dumps(indent=4)}; a system message of the entry's
 *       first turn is appended to it;</li>
 *   <li>per turn its user messages; a turn with held-out functions ({@code missed_function}) has none in the data and gets
 *       {@code "{functions}\nI have updated some more functions you can choose from. What about now?"} with the added
 *       functions' docs as Python text;</li>
 *   <li>per step the model's text as the assistant message and, for a step whose calls ran, one user message holding
 *       {@code repr([{'role': 'tool', 'name': call, 'content': result}, ...])}.</li>
 * </ul>
 */
public final class BfclMultiTurnPrompt {
    /** bfcl-eval's {@code MAXIMUM_STEP_LIMIT}: a turn is forced to quit when more steps than this executed calls. */
    public static final int MAXIMUM_STEP_LIMIT = 20;
    static final String ADDITIONAL_FUNCTIONS = "I have updated some more functions you can choose from. What about now?";

    private BfclMultiTurnPrompt() {}

    /**
     * @param turns the steps of every turn so far, the current turn last (its steps so far; empty at its first step)
     */
    public static List<ChatMessage> messages(BfclMultiTurnEntry entry, Map<String, List<Map<String, Object>>> docs,
                                             List<List<BfclMultiTurnStep>> turns) {
        List<ChatMessage> messages = new ArrayList<>();
        String system = systemPrompt(entry.functionsAt(-1, docs));
        for (int t = 0; t < turns.size(); t++) {
            List<ChatMessage> userMessages = turnMessages(entry, docs, t);
            for (ChatMessage m : userMessages) {
                if (t == 0 && messages.isEmpty() && "system".equals(m.role())) {
                    messages.add(ChatMessage.system(system + "\n\n" + m.content()));
                    continue;
                }
                if (t == 0 && messages.isEmpty()) {
                    messages.add(ChatMessage.system(system));
                }
                messages.add(m);
            }
            if (t == 0 && messages.isEmpty()) {
                messages.add(ChatMessage.system(system));
            }
            for (BfclMultiTurnStep step : turns.get(t)) {
                messages.add(ChatMessage.assistant(step.rawOutput()));
                if (step.results() != null && !step.decodedCalls().isEmpty()) {
                    messages.add(ChatMessage.user(toolResults(step)));
                }
            }
        }
        return messages;
    }

    /**
     * The request of the next step of a function-calling ({@code mode: tools}) model, as bfcl-eval's FC handlers
     * ({@code inference_multi_turn_FC}, OpenAI-compatible handler) build it: no system prompt of function docs, the
     * functions offered at the current turn (held-out ones from their turn on) as native {@code tools}
     * ({@link NativeToolSpecs}: {@code .} in names written {@code _}); per turn its messages as the data has them (a turn
     * with held-out functions gets {@code "I have updated some more functions you can choose from. What about now?"});
     * per step the model's turn as an assistant message with its tool calls, and for a step whose calls ran one
     * {@code tool} message per call with its result.
     */
    public static RenderedPrompt functionCalling(BfclMultiTurnEntry entry, Map<String, List<Map<String, Object>>> docs,
                                                 List<List<BfclMultiTurnStep>> turns) {
        List<ChatMessage> messages = new ArrayList<>();
        for (int t = 0; t < turns.size(); t++) {
            if (entry.missedFunction().containsKey(Integer.toString(t))) {
                messages.add(ChatMessage.user(ADDITIONAL_FUNCTIONS));
            } else {
                entry.turns().get(t).forEach(m -> messages.add(new ChatMessage(String.valueOf(m.get("role")), String.valueOf(m.get("content")))));
            }
            for (int k = 0; k < turns.get(t).size(); k++) {
                BfclMultiTurnStep step = turns.get(t).get(k);
                NativeTurnText turn = NativeTurnText.read(step.rawOutput()).orElse(new NativeTurnText(step.rawOutput(), List.of()));
                List<ChatToolCall> calls = new ArrayList<>();
                for (int i = 0; i < turn.calls().size(); i++) {
                    NativeTurnText.Call c = turn.calls().get(i);
                    calls.add(new ChatToolCall(c.id() == null ? "call_" + t + "_" + (k + 1) + "_" + (i + 1) : c.id(), c.name(), c.arguments()));
                }
                messages.add(ChatMessage.assistant(turn.content(), calls, null));
                if (step.results() != null) {
                    // bfcl-eval zips results with the call ids: one tool message per executed call
                    for (int i = 0; i < Math.min(calls.size(), step.results().size()); i++) {
                        messages.add(ChatMessage.tool(calls.get(i).id(), step.results().get(i)));
                    }
                }
            }
        }
        return RenderedPrompt.chat(messages, NativeToolSpecs.openAi(entry.functionsAt(turns.size() - 1, docs)));
    }

    /** The user messages that open turn {@code turn}: the data's, or the held-out functions' announcement. */
    static List<ChatMessage> turnMessages(BfclMultiTurnEntry entry, Map<String, List<Map<String, Object>>> docs, int turn) {
        List<String> added = entry.missedFunction().get(Integer.toString(turn));
        if (added != null) {
            List<Map<String, Object>> addedDocs = new ArrayList<>();
            for (String name : added) {
                entry.involvedClasses().stream().flatMap(cls -> docs.getOrDefault(cls, List.of()).stream())
                        .filter(doc -> name.equals(doc.get("name"))).findFirst().ifPresent(addedDocs::add);
            }
            return List.of(ChatMessage.user(PythonRepr.of(addedDocs) + "\n" + ADDITIONAL_FUNCTIONS));
        }
        List<ChatMessage> out = new ArrayList<>();
        for (Map<String, Object> m : entry.turns().get(turn)) {
            out.add(new ChatMessage(String.valueOf(m.get("role")), String.valueOf(m.get("content"))));
        }
        return out;
    }

    static String toolResults(BfclMultiTurnStep step) {
        List<Map<String, Object>> results = new ArrayList<>();
        for (int i = 0; i < Math.min(step.decodedCalls().size(), step.results().size()); i++) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("role", "tool");
            r.put("name", step.decodedCalls().get(i));
            r.put("content", step.results().get(i));
            results.add(r);
        }
        return PythonRepr.of(results);
    }

    /** The system prompt of bfcl-eval's default configuration ({@link BfclSystemPrompt#DEFAULT}). */
    static String systemPrompt(List<Map<String, Object>> functions) {
        return BfclSystemPrompt.of(BfclSystemPrompt.DEFAULT, functions);
    }
}
