package dev.ibench.workers.campaign;

import dev.ibench.activities.campaign.PromptStyles;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.score.EvalSetCheck;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a campaign's planning needs to know of an eval set of single-call samples, gathered by {@link EvalSetCheck}
 * reading one sample at a time: how many samples it holds, whether every one has a database (an initialization
 * step, which mode sql needs), the prompt styles its samples are rendered in and whether it is a BFCL
 * {@code format_sensitivity} set (its entries' ids say so). The samples themselves are not kept,
 * so planning a campaign over a large set takes the memory of one sample, not of the set.
 */
record EvalSetSummary(int samples, boolean allWithDatabases, Set<PromptStyle> styles, boolean formatSensitivity) {
    EvalSetSummary {
        styles = Set.copyOf(styles);
    }

    /** @throws IllegalArgumentException as {@link EvalSetCheck#samples} does, naming the file and the problem */
    static EvalSetSummary of(Path file) {
        Set<PromptStyle> styles = EnumSet.noneOf(PromptStyle.class);
        boolean[] allWithDatabases = {true};
        boolean[] formatSensitivity = {false};
        int count = EvalSetCheck.forEach(file, sample -> {
            allWithDatabases[0] &= sample.initializationStep() != null;
            formatSensitivity[0] |= BfclFormatSensitivity.isEntryId(sample.sampleId());
            styles.add(PromptStyles.of(sample));
        });
        return new EvalSetSummary(count, allWithDatabases[0], styles, formatSensitivity[0]);
    }
}
