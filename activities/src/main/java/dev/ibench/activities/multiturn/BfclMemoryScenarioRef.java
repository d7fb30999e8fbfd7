package dev.ibench.activities.multiturn;

/** Names one memory scenario's prerequisite conversations in trial {@code trial} of memory cell {@code cellId}. */
public record BfclMemoryScenarioRef(String cellId, String scenario, int trial) {
    @Override
    public String toString() {
        return cellId + " scenario " + scenario + " trial " + trial;
    }
}
