package dev.ibench.core.nestful;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * What the NESTful metrics need of one scored sample beyond the common scores: the grounded gold and predicted calls
 * (for the dataset-level function and parameter F1) and the gold sequence's dependency structure (win rate by depth).
 */
public record NestfulSampleFacts(List<ToolCall> gold, List<ToolCall> predicted, NestfulStructure structure) {
    public NestfulSampleFacts {
        gold = List.copyOf(gold);
        predicted = List.copyOf(predicted);
    }
}
