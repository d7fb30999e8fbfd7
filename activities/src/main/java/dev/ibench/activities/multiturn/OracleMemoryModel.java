package dev.ibench.activities.multiturn;

import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.PythonRepr;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * TEST TOOL, not a model: the {@code oracle} profile in a BFCL memory cell (and in a web-search cell, whose questions it
 * answers as a memory question, without searching). In a prerequisite conversation it files each
 * turn's last user message in the memory at the turn's first step (kv: {@code archival_memory_add} under a key naming the
 * conversation and turn; rec_sum: {@code memory_append}; vector: {@code archival_memory_add}) and ends the turn at its
 * second; a question it answers at once with its first possible answer in bfcl-eval's answer format (gold answers; the
 * agentic checker credits them). Never cached.
 */
public final class OracleMemoryModel implements MultiTurnModel {
    private final Function<String, List<String>> possibleAnswers;

    /** @param possibleAnswers a question's possible answers by its id */
    public OracleMemoryModel(Function<String, List<String>> possibleAnswers) {
        this.possibleAnswers = possibleAnswers;
    }

    @Override
    public ReactAgentModel.Reply next(BfclMultiTurnEntry entry, RenderedPrompt prompt, int turn, int step, int trial) {
        String text;
        if (entry.category().endsWith("_prereq")) {
            text = step == 1 ? fileInMemory(entry, turn) : "";
        } else {
            text = "{'answer': " + PythonRepr.of(possibleAnswers.apply(entry.id()).get(0)) + ", 'context': 'from my memory'}";
        }
        return new ReactAgentModel.Reply(text, null, 0, 0, 0L, false, null, null, null, false);
    }

    /** The call that files the turn's last user message in the memory of the entry's backend. */
    public static String fileInMemory(BfclMultiTurnEntry entry, int turn) {
        List<Map<String, Object>> messages = entry.turns().get(turn);
        String message = String.valueOf(messages.get(messages.size() - 1).get("content"));
        String backend = entry.involvedClasses().get(0);
        if (backend.endsWith("_rec_sum")) {
            return "[memory_append(text=" + PythonRepr.of(message + "\n") + ")]";
        }
        if (backend.endsWith("_vector")) {
            return "[archival_memory_add(text=" + PythonRepr.of(message) + ")]";
        }
        String key = entry.id().replaceAll("[^A-Za-z0-9]+", "_") + "_turn_" + turn;
        return "[archival_memory_add(key=" + PythonRepr.of(key) + ", value=" + PythonRepr.of(message) + ")]";
    }
}
