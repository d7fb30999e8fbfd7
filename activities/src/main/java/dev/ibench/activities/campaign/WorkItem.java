package dev.ibench.activities.campaign;

/**
 * One unit of a cell's work: trial {@code trial} of the sample at {@code position} in the cell's
 * stored sample order. Small on purpose: it is what travels through workflow history.
 */
public record WorkItem(String cellId, int position, int trial) {
    @Override
    public String toString() {
        return cellId + "#" + position + "/" + trial;
    }
}
