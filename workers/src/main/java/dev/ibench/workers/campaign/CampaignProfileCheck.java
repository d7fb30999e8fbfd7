package dev.ibench.workers.campaign;

import dev.ibench.activities.campaign.SqlMode;
import dev.ibench.activities.campaign.TemplateFamilies;
import dev.ibench.core.campaign.AblationSettings;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.core.campaign.EndpointUrl;
import dev.ibench.core.campaign.GeneratorModel;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptStyle;
import dev.ibench.core.prompt.TemplateLibrary;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Resolves every model of a campaign to its profile before anything starts, as the workers will (the evaluated models,
 * and the models that write a model-written ablation's material): the profile exists,
 * its provider (checked when the catalog reads it), template family and parser are ones this build knows, every
 * prompt template the campaign's cells will render is found, its base URL is an http(s) URL without credentials, and a
 * {@code batch: true} model has an OpenAI-compatible endpoint (docs/batch.md), and a native ReACT agent is not asked of the
 * in-process gguf provider, which has no native tools.
 * A typo here would otherwise end every item as an infrastructure error after the retries.
 */
final class CampaignProfileCheck {
    private CampaignProfileCheck() {}

    /** @param sampleStyles the prompt styles of the samples of the benchmarks read from a local file (benchmarks by reference are absent) */
    static void check(Path file, CampaignSpec spec, ProfileCatalog catalog, Set<PromptStyle> sampleStyles) {
        Set<PromptStyle> styles = new LinkedHashSet<>();
        for (String mode : spec.modes()) {
            switch (mode) {
                case "react" -> styles.add(PromptStyle.REACT);
                case SqlMode.MODE -> styles.add(PromptStyle.SQL);
                default -> styles.addAll(sampleStyles);
            }
        }
        for (int i = 0; i < spec.models().size(); i++) {
            ModelEntry entry = spec.models().get(i);
            String field = "models[" + i + "] (" + entry.name() + ")";
            ModelProfile profile;
            try {
                profile = catalog.resolve(entry.profile());
            } catch (RuntimeException e) {
                throw new CampaignSpecException(file + ": " + field + ".profile: " + e.getMessage());
            }
            if (entry.endpoint() != null) {
                profile = profile.withBaseUrl(entry.endpoint());
            } else if (profile.baseUrl() != null) {
                EndpointUrl.problem("model profile " + profile.name() + " base_url", profile.baseUrl())
                        .ifPresent(p -> fail(file, field, p));
            }
            if (entry.batched() && !"openai".equals(profile.provider())) {
                fail(file, field, "batch: true needs an OpenAI-compatible endpoint with a Batch API (provider openai), but profile "
                        + profile.name() + " has provider " + profile.provider() + "; remove batch: true for this model");
            }
            if (spec.modes().contains("react") && spec.react().nativeAgent() && "gguf".equals(profile.provider())) {
                fail(file, field, "react agent native sends native tools, which the gguf provider cannot take (profile " + profile.name()
                        + "); use react agent text, or serve the model with llama-server --jinja and a provider openai profile");
            }
            check(file, field, profile, styles);
        }
        AblationSettings settings = spec.ablationSettings();
        if (settings.paraphrase() != null) {
            checkWriter(file, "ablation_settings.paraphrase.model", settings.paraphrase().model(), catalog);
        }
        if (settings.toolkitExpansion() != null) {
            checkWriter(file, "ablation_settings.toolkit_expansion.model", settings.toolkitExpansion().model(), catalog);
        }
    }

    /** The model that writes an ablation's material: its profile exists, and is reachable at an http(s) URL. */
    private static void checkWriter(Path file, String field, GeneratorModel writer, ProfileCatalog catalog) {
        if (writer == null || writer.profile() == null) {
            return; // the spec loader has named the missing field
        }
        ModelProfile profile;
        try {
            profile = catalog.resolve(writer.profile());
        } catch (RuntimeException e) {
            throw new CampaignSpecException(file + ": " + field + ".profile: " + e.getMessage());
        }
        if (writer.endpoint() == null && profile.baseUrl() != null) {
            EndpointUrl.problem("model profile " + profile.name() + " base_url", profile.baseUrl()).ifPresent(p -> fail(file, field, p));
        }
    }

    private static void check(Path file, String field, ModelProfile profile, Set<PromptStyle> styles) {
        if (profile.family() != null && !TemplateFamilies.bundled().contains(profile.family())) {
            fail(file, field, "model profile " + profile.name() + ": unknown template family '" + profile.family() + "' (known: "
                    + String.join(", ", TemplateFamilies.bundled()) + ")");
        }
        try {
            ParserChains.forProfile(profile.parser());
        } catch (IllegalArgumentException e) {
            fail(file, field, "model profile " + profile.name() + " parser: " + e.getMessage());
        }
        if (profile.family() == null && profile.templates().isEmpty()) {
            return; // the test providers (oracle, replay) render no prompt
        }
        for (PromptStyle style : styles) {
            try {
                TemplateLibrary.forProfile(profile, style);
            } catch (RuntimeException e) {
                fail(file, field, e.getMessage());
            }
        }
    }

    private static void fail(Path file, String field, String problem) {
        throw new CampaignSpecException(file + ": " + field + ": " + problem);
    }
}
