package dev.ibench.workers.campaign;

import dev.ibench.core.campaign.CampaignSpec;
import java.util.Locale;

/**
 * A checked campaign file and the number of items it plans (samples x trials over its cells), which
 * {@code campaign start} prints before it starts anything, with a warning when the count is very large.
 *
 * @param knownItems   items of the benchmarks read from local files
 * @param byReference  benchmarks named by artifact reference, whose sample count is known only to the store
 */
public record CampaignPlan(CampaignSpec spec, long knownItems, int cells, int byReference) {
    /** Above this many items {@link #summary()} warns: at a second per item it is more than a day of model calls. */
    public static final long LARGE = 100_000;

    public String summary() {
        String items = String.format(Locale.ROOT, "%,d", knownItems) + " item(s)" + (byReference > 0
                ? " plus the samples of " + byReference + " eval set(s) by reference" : "");
        String line = "planned: " + items + " in " + cells + " cell(s): " + spec.models().size() + " model(s) x "
                + spec.benchmarks().size() + " benchmark(s) x " + spec.modes().size() + " mode(s) x " + spec.ablations().size()
                + " ablation(s), " + spec.trials() + " trial(s) each";
        if (knownItems > LARGE) {
            line += "\nWARNING: " + String.format(Locale.ROOT, "%,d", knownItems) + " items is a very large campaign (more than "
                    + String.format(Locale.ROOT, "%,d", LARGE) + "; at one item a second, " + String.format(Locale.ROOT, "%,d", knownItems / 86_400)
                    + " day(s) of model calls): check trials and samples.limit; stop it with ./ibench campaign cancel ID";
        }
        return line;
    }
}
