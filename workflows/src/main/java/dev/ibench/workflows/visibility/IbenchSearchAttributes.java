package dev.ibench.workflows.visibility;

import io.temporal.common.SearchAttributeKey;
import java.util.List;

/**
 * The project's typed search attributes, shown in the Temporal UI list and usable in
 * {@code temporal workflow list --query}. The dev-server launcher registers every key of {@link #ALL}.
 */
public final class IbenchSearchAttributes {
    public static final SearchAttributeKey<String> CAMPAIGN_ID = SearchAttributeKey.forKeyword("IbenchCampaignId");
    public static final SearchAttributeKey<String> MODEL = SearchAttributeKey.forKeyword("IbenchModel");
    public static final SearchAttributeKey<String> BENCHMARK = SearchAttributeKey.forKeyword("IbenchBenchmark");
    public static final SearchAttributeKey<String> STATE = SearchAttributeKey.forKeyword("IbenchState");
    /** Fraction of work done, 0.0 to 1.0. */
    public static final SearchAttributeKey<Double> PROGRESS = SearchAttributeKey.forDouble("IbenchProgress");

    public static final List<SearchAttributeKey<?>> ALL = List.of(CAMPAIGN_ID, MODEL, BENCHMARK, STATE, PROGRESS);

    private IbenchSearchAttributes() {}
}
