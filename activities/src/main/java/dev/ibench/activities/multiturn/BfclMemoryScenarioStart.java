package dev.ibench.activities.multiturn;

import java.util.List;

/**
 * A memory scenario's prerequisite conversations as its workflow needs them: the number of turns of each, in order, and
 * how many have their memory stored already ({@code filled}: an earlier run of the scenario got that far; the next
 * conversation resumes from the last of them).
 */
public record BfclMemoryScenarioStart(List<Integer> turns, int filled) {}
