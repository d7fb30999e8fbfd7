package dev.ibench.workers.campaign.estimate;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.spend.SpendStore.AnsweredTokens;
import dev.ibench.activities.store.CampaignSummary;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.json.Json;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The typical answer length of a profile from the results store: the mean completion tokens of every answer (tokens
 * known) that models of earlier campaigns running that profile gave, read from the spend ledger.
 */
public final class TypicalOutputTokens {
    /** A store with nothing in it: no typical figures. */
    public static final TypicalOutputTokens NONE = new TypicalOutputTokens(null, null);

    private final ResultsStore store;
    private final SpendStore spend;
    private final Map<String, Typical> byProfile = new HashMap<>();

    public TypicalOutputTokens(ResultsStore store, SpendStore spend) {
        this.store = store;
        this.spend = spend;
    }

    /**
     * The typical figures of this installation's results store, read only (a store that does not exist yet, or cannot
     * be opened, gives none, and {@code notes} says so).
     */
    public static TypicalOutputTokens ofInstallation(IbenchHome home, PrintStream notes) {
        try {
            CampaignServices services = CampaignServices.reading(home);
            return new TypicalOutputTokens(services.store(), services.spend());
        } catch (RuntimeException e) {
            notes.println("note: no typical output figures: the results store cannot be read: " + e.getMessage());
            return NONE;
        }
    }

    /** The answers of a profile and their mean completion tokens. */
    public record Typical(String profile, long answers, double mean) {
        String describe() {
            return answers == 0 ? null : String.format(Locale.ROOT, "mean %.1f tokens of %d earlier answers of profile %s", mean, answers, profile);
        }
    }

    Typical of(String profile) {
        return byProfile.computeIfAbsent(profile, this::read);
    }

    private Typical read(String profile) {
        if (store == null) {
            return new Typical(profile, 0, 0);
        }
        AnsweredTokens sum = AnsweredTokens.NONE;
        for (CampaignSummary c : store.campaignSummaries()) {
            CampaignSpec spec = spec(store.campaignSpecJson(c.campaignId()).orElse(null));
            if (spec == null) {
                continue;
            }
            for (ModelEntry m : spec.models()) {
                if (profile.equals(m.profile())) {
                    sum = sum.plus(spend.answeredTokens(c.campaignId(), m.name()));
                }
            }
        }
        return new Typical(profile, sum.answers(), sum.answers() == 0 ? 0 : (double) sum.completionTokens() / sum.answers());
    }

    /** A stored spec, or null for one this version cannot read (it is left out of the typical figure). */
    private static CampaignSpec spec(String json) {
        if (json == null) {
            return null;
        }
        try {
            return Json.MAPPER.readValue(json, CampaignSpec.class);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
