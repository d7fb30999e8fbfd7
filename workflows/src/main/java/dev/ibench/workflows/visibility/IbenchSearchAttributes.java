package dev.ibench.workflows.visibility;

import io.temporal.common.SearchAttributeKey;

/** Typed search attributes every ibench workflow can carry; `ibench server` registers them with the dev server. */
public final class IbenchSearchAttributes {
    public static final SearchAttributeKey<String> CAMPAIGN_ID = SearchAttributeKey.forKeyword("IbenchCampaignId");
    public static final SearchAttributeKey<String> MODEL = SearchAttributeKey.forKeyword("IbenchModel");
    public static final SearchAttributeKey<String> BENCHMARK = SearchAttributeKey.forKeyword("IbenchBenchmark");
    public static final SearchAttributeKey<String> STATE = SearchAttributeKey.forKeyword("IbenchState");
    public static final SearchAttributeKey<Double> PROGRESS = SearchAttributeKey.forDouble("IbenchProgress");

    private IbenchSearchAttributes() {}
}
