package dev.ibench.activities.react;

/**
 * Names one step of one trajectory: trial {@code trial} of the sample at {@code position} in cell
 * {@code cellId}, TAO step {@code step} (1-based; 0 is the hidden initialization). Small on purpose: it is
 * what workflow history carries instead of prompts and observations.
 */
public record ReactStepRef(String cellId, int position, int trial, int step) {
    public ReactStepRef next() {
        return new ReactStepRef(cellId, position, trial, step + 1);
    }

    public ReactStepRef atStep(int other) {
        return new ReactStepRef(cellId, position, trial, other);
    }

    @Override
    public String toString() {
        return cellId + "#" + position + "/" + trial + " step " + step;
    }
}
