package dev.ibench.core.bfcl;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One BFCL multi-turn entry as bfcl-eval ships it: the user's messages per turn ({@code question}; a turn may be empty,
 * in {@code multi_turn_miss_func} the turn where a held-out function is added), the backend classes involved and their
 * initial state ({@code initial_config}, loaded by each class's {@code _load_scenario}), the functions held out until a
 * turn ({@code missed_function}: turn index to function names) and the ground truth: per turn, the calls (Python call
 * text such as {@code cd(folder='document')}) whose execution defines the expected state and responses.
 */
public record BfclMultiTurnEntry(
        String id,
        String category,
        List<List<Map<String, Object>>> turns,
        @JsonProperty("involved_classes") List<String> involvedClasses,
        @JsonProperty("initial_config") Map<String, Object> initialConfig,
        @JsonProperty("missed_function") Map<String, List<String>> missedFunction,
        @JsonProperty("ground_truth") List<List<String>> groundTruth) {

    /** bfcl-eval loads the long-context scenario (a larger initial state) for this category's backends. */
    public boolean longContext() {
        return category.contains("long_context");
    }

    /**
     * The function descriptions offered at {@code turn}: every function of the involved classes ({@code docs}: class
     * to its {@code multi_turn_func_doc} list), minus the held-out ones whose turn has not come yet, the held-out ones
     * appended at their turn, as bfcl-eval's {@code populate_test_cases_with_predefined_functions} and its handlers do.
     */
    public List<Map<String, Object>> functionsAt(int turn, Map<String, List<Map<String, Object>>> docs) {
        List<Map<String, Object>> offered = new ArrayList<>();
        List<String> heldOut = missedFunction.values().stream().flatMap(List::stream).toList();
        for (String cls : involvedClasses) {
            for (Map<String, Object> doc : docs.getOrDefault(cls, List.of())) {
                if (!heldOut.contains(String.valueOf(doc.get("name")))) {
                    offered.add(doc);
                }
            }
        }
        missedFunction.entrySet().stream()
                .filter(e -> Integer.parseInt(e.getKey()) <= turn)
                .sorted(Map.Entry.comparingByKey((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b))))
                .forEach(e -> e.getValue().forEach(name -> involvedClasses.stream()
                        .flatMap(cls -> docs.getOrDefault(cls, List.of()).stream())
                        .filter(doc -> name.equals(doc.get("name"))).findFirst().ifPresent(offered::add)));
        return offered;
    }
}
