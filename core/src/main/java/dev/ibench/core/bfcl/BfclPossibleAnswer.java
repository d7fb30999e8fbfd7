package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Map;

/**
 * A BFCL {@code possible_answer} entry: one expected call per element, each {@code {function_name: {param: [acceptable
 * values]}}}; an acceptable value {@code ""} marks the parameter optional.
 */
public record BfclPossibleAnswer(String id, List<Map<String, Map<String, List<Object>>>> groundTruth) {}
