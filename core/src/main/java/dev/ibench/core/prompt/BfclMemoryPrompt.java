package dev.ibench.core.prompt;

import dev.ibench.core.bfcl.BfclAgenticChecker;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The system message bfcl-eval 2026.3.23 gives a memory conversation, in front of its first turn: the scenario's agent
 * setting and the memory backend's instruction with the memory as it stands ({@code add_memory_instruction_system_prompt}:
 * {@code MEMORY_BACKEND_INSTRUCTION_UNIFIED} for rec_sum, {@code MEMORY_BACKEND_INSTRUCTION_CORE_ARCHIVAL} otherwise,
 * {@code memory_content} the backend's {@code _dump_core_memory_to_context}); for a question (not a prerequisite
 * conversation) followed by {@code "\n\n"} and the answer format of the agentic categories
 * ({@code ADDITIONAL_SYSTEM_PROMPT_FOR_AGENTIC_RESPONSE_FORMAT}, inserted by {@code process_agentic_test_case}).
 * {@link BfclMultiTurnPrompt} then puts BFCL's default system prompt with the backend's functions before it, as
 * {@code system_prompt_pre_processing_chat_model} does.
 */
public final class BfclMemoryPrompt {
    private static final String CORE_ARCHIVAL = "{scenario_setting}\n\nYou have access to an advanced memory system, consisting of two memory "
            + "types 'Core Memory' and 'Archival Memory'. Both type of memory is persistent across multiple conversations with the user, and "
            + "can be accessed in a later interactions. You should actively manage your memory data to keep track of important information, "
            + "ensure that it is up-to-date and easy to retrieve to provide personalized responses to the user later.\n\nThe Core memory is "
            + "limited in size, but always visible to you in context. The Archival Memory has a much larger capacity, but will be held outside "
            + "of your immediate context due to its size.\n\nHere is the content of your Core Memory from previous interactions:\n"
            + "{memory_content}\n";
    private static final String UNIFIED = "{scenario_setting}\n\nYou have access to an advanced memory system, which is persistent across "
            + "multiple conversations with the user, and can be accessed in a later interactions. You should actively manage your memory data "
            + "to keep track of important information, ensure that it is up-to-date and easy to retrieve to provide personalized responses to "
            + "the user later.\n\nHere is the content of your memory system from previous interactions:\n{memory_content}\n";
    private static final Map<String, String> SETTINGS = Map.of(
            "student", "You are an academic-support assistant for college student. Remember key personal and academic details discussed across "
                    + "sessions, and draw on them to answer questions or give guidance.",
            "customer", "You are a general customer support assistant for an e-commerce platform. Your task is to understand and remember "
                    + "information that can be used to provide information about user inquiries, preferences, and offer consistent, helpful "
                    + "assistance over multiple interactions.",
            "finance", "You are a high-level executive assistant supporting a senior finance professional. Retain and synthesize both personal "
                    + "and professional information including facts, goals, prior decisions, and family life across sessions to provide "
                    + "strategic, context-rich guidance and continuity.",
            "healthcare", "You are a healthcare assistant supporting a patient across appointments. Retain essential medical history, "
                    + "treatment plans, and personal preferences to offer coherent, context-aware guidance and reminders.",
            "notetaker", "You are a personal organization assistant. Capture key information from conversations, like tasks, deadlines, and "
                    + "preferences, and use it to give reliable reminders and answers in future sessions.");

    private BfclMemoryPrompt() {}

    /** The memory instruction for a conversation of {@code category} in {@code scenario}, the memory being {@code memoryContext}. */
    public static String instruction(String category, String scenario, String memoryContext) {
        String setting = SETTINGS.get(scenario);
        if (setting == null) {
            throw new IllegalArgumentException("BFCL memory scenario '" + scenario + "' is not one of " + String.join(", ", SETTINGS.keySet().stream().sorted().toList()));
        }
        String template = category.contains("rec_sum") ? UNIFIED : CORE_ARCHIVAL;
        return template.replace("{scenario_setting}", setting).replace("{memory_content}", memoryContext);
    }

    /**
     * The conversation with the system message bfcl-eval gives it at the front of its first turn; {@code question}
     * false for a prerequisite conversation (no answer format).
     */
    public static BfclMultiTurnEntry withInstruction(BfclMultiTurnEntry entry, String scenario, String memoryContext, boolean question) {
        String system = instruction(entry.category(), scenario, memoryContext) + (question ? "\n\n" + BfclAgenticChecker.ANSWER_FORMAT : "");
        List<List<Map<String, Object>>> turns = new ArrayList<>(entry.turns());
        List<Map<String, Object>> first = new ArrayList<>(turns.get(0));
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", "system");
        if (!first.isEmpty() && "system".equals(first.get(0).get("role"))) { // bfcl-eval puts its own in front of the entry's
            message.put("content", system + "\n\n" + first.get(0).get("content"));
            first.set(0, message);
        } else {
            message.put("content", system);
            first.add(0, message);
        }
        turns.set(0, first);
        return new BfclMultiTurnEntry(entry.id(), entry.category(), turns, entry.involvedClasses(), entry.initialConfig(),
                entry.missedFunction(), entry.groundTruth());
    }
}
