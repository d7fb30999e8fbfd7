package dev.ibench.activities.campaign;

import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.nestful.NestfulImporter;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.sample.EvalSample;
import java.util.Set;

/**
 * Which prompt style a sample is rendered in, read off the sample itself: SLOT samples offer the 7
 * generic data tools, NESTful samples belong to dataset {@code nestful}, BFCL samples to {@code bfcl_<category>}, REST samples have no hidden
 * initialization step, the rest are SEL.
 */
public final class PromptStyles {
    private static final Set<String> SLOT_TOOLS = Set.of("filter_data", "retrieve_data", "sort_data", "group_data_by",
            "aggregate_data", "select_unique_values", "transform_data");

    private PromptStyles() {}

    public static PromptStyle of(EvalSample sample) {
        if (NestfulImporter.DATASET.equals(sample.datasetName())) {
            return PromptStyle.NESTFUL;
        }
        if (BfclCategory.ofDataset(sample.datasetName()).isPresent()) {
            return PromptStyle.BFCL;
        }
        if (sample.initializationStep() == null) {
            return PromptStyle.REST;
        }
        boolean slot = sample.tools().stream().map(t -> t.get("name")).anyMatch(SLOT_TOOLS::contains);
        return slot ? PromptStyle.SLOT : PromptStyle.SEL;
    }

}
