package dev.ibench.core.campaign;

import dev.ibench.core.prompt.ModelProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A USD budget needs prices: a model without any (neither its profile nor its campaign entry gives
 * {@code price_per_million_input/output}) has no cost, so a USD budget on it would never trigger, and a campaign's
 * USD budget would not count its calls. Such a budget is refused when the campaign is started (docs/ledger.md).
 */
public final class UsdBudgetPrices {
    private UsdBudgetPrices() {}

    /**
     * The problems of {@code spec}'s USD budgets, one per budget. {@code profiles} finds a profile by name or path;
     * a model whose profile it does not find is left to the profile check.
     */
    public static List<String> problems(CampaignSpec spec, Function<String, Optional<ModelProfile>> profiles) {
        List<String> problems = new ArrayList<>();
        List<String> unpriced = new ArrayList<>();
        for (int i = 0; i < spec.models().size(); i++) {
            ModelEntry m = spec.models().get(i);
            if (!unpriced(m, profiles)) {
                continue;
            }
            unpriced.add(m.name());
            if (m.budget() != null && m.budget().usd() != null) {
                problems.add("models[" + i + "].budget.usd: model " + m.name() + " has no prices (profile " + m.profile()
                        + " gives no price_per_million_input/output, nor does the entry), so its spend in USD is unknown and this"
                        + " budget would never be reached; give the entry price_per_million_input and price_per_million_output"
                        + " (0 for a free model), or a tokens budget");
            }
        }
        if (spec.budget() != null && spec.budget().usd() != null && !unpriced.isEmpty()) {
            problems.add("budget.usd: model(s) " + String.join(", ", unpriced) + " have no prices (neither profile nor entry gives"
                    + " price_per_million_input/output), so their calls would not count towards the campaign's USD budget; give"
                    + " their entries price_per_million_input and price_per_million_output (0 for a free model), or a tokens budget");
        }
        return problems;
    }

    /** The names of {@code spec}'s models that have no prices; a model whose profile {@code profiles} does not find is left out. */
    public static List<String> unpricedModels(CampaignSpec spec, Function<String, Optional<ModelProfile>> profiles) {
        return spec.models().stream().filter(m -> unpriced(m, profiles)).map(ModelEntry::name).toList();
    }

    /** Whether {@code m} has no prices; false when {@code profiles} does not find its profile (the profile check reports that). */
    private static boolean unpriced(ModelEntry m, Function<String, Optional<ModelProfile>> profiles) {
        return profiles.apply(m.profile()).map(profile -> !priced(m, profile)).orElse(false);
    }

    private static boolean priced(ModelEntry m, ModelProfile profile) {
        return profile.hasPrices() || m.pricePerMillionInput() != null || m.pricePerMillionOutput() != null;
    }
}
