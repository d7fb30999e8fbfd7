package dev.ibench.workers.campaign;

import dev.ibench.core.campaign.BenchmarkEntry;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptMode;
import java.nio.file.Path;
import java.util.List;

/**
 * What a campaign over a BFCL {@code format_sensitivity} eval set must be (docs/bfcl.md#format-sensitivity): bfcl-eval
 * runs the category for prompt handlers only, each entry asking with its own system prompt and answer format, so it runs
 * in mode direct, without ablations (they rename or rewrite what the entry's own prompt shows), and with prompt-mode
 * models whose answers are not constrained to a JSON shape; checked before any server is contacted.
 */
final class FormatSensitivityCampaignCheck {
    private FormatSensitivityCampaignCheck() {}

    static void check(Path file, BenchmarkEntry b, CampaignSpec spec, ProfileCatalog profiles) {
        String where = file + ": benchmarks '" + b.name() + "': ";
        if (!spec.modes().equals(List.of("direct"))) {
            throw new CampaignSpecException(where + "a BFCL format_sensitivity eval set runs in mode direct only (bfcl-eval runs it for "
                    + "prompt handlers), but modes are " + spec.modes() + "; run it in a campaign with modes: [direct]");
        }
        if (!spec.ablations().equals(List.of("none"))) {
            throw new CampaignSpecException(where + "ablations do not apply to a BFCL format_sensitivity eval set (each entry shows its "
                    + "functions in its own format), but ablations are " + spec.ablations());
        }
        for (int i = 0; i < spec.models().size(); i++) {
            ModelProfile profile = profiles.resolveIfKnown(spec.models().get(i).profile()).orElse(null);
            if (profile == null) {
                continue; // CampaignProfileCheck names the unknown profile
            }
            if (profile.mode() == PromptMode.TOOLS) {
                throw new CampaignSpecException(where + "models[" + i + "] (" + spec.models().get(i).name() + ") has profile "
                        + profile.name() + " in mode tools, and a BFCL format_sensitivity eval set is run for prompt-mode models only "
                        + "(each entry asks for its answer in its own text format); use a mode: prompt profile");
            }
            if (profile.constrainedOutput() != null && !"none".equals(profile.constrainedOutput())) {
                throw new CampaignSpecException(where + "models[" + i + "] (" + spec.models().get(i).name() + ") has profile "
                        + profile.name() + " with constrained_output: " + profile.constrainedOutput() + ", which holds every answer to "
                        + "one JSON shape, and each BFCL format_sensitivity entry asks for its own answer format; use a profile without it");
            }
        }
    }
}
