package dev.ibench.activities.ablation;

import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.ablation.Distractor;
import dev.ibench.core.ablation.ExpansionOutcome;
import dev.ibench.core.ablation.ParaphraseOutcome;
import dev.ibench.core.campaign.AblationSettings;
import dev.ibench.core.report.AblationMaterial;
import dev.ibench.core.sample.EvalSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A cell's model-written ablation material as the report shows it, read from the results store (no model is called). */
public final class AblationMaterials {
    private AblationMaterials() {}

    /** Empty for cells whose ablation no model writes. */
    public static Optional<AblationMaterial> of(ResultsStore store, String ablation, AblationSettings settings, List<EvalSample> samples) {
        List<AblationMaterial.Row> rows = new ArrayList<>();
        int without = 0;
        String check = null;
        String generator;
        if ("paraphrase".equals(ablation) && settings.paraphrase() != null) {
            generator = settings.paraphrase().model().display();
            for (EvalSample sample : samples) {
                Optional<ParaphraseOutcome> p = AblationGenerator.storedParaphrase(store, sample, settings.paraphrase());
                if (p.isEmpty()) {
                    without++;
                    continue;
                }
                check = p.get().check();
                rows.add(new AblationMaterial.Row(sample.sampleId(), p.get().original(), p.get().rewrite(), p.get().similarity(),
                        p.get().accepted(), p.get().reason()));
            }
        } else if ("toolkit_expansion".equals(ablation) && settings.toolkitExpansion() != null) {
            generator = settings.toolkitExpansion().model().display();
            for (EvalSample sample : samples) {
                Optional<ExpansionOutcome> e = AblationGenerator.storedExpansion(store, sample, settings.toolkitExpansion());
                if (e.isEmpty()) {
                    without++;
                    continue;
                }
                check = e.get().check();
                for (Distractor d : e.get().distractors()) {
                    rows.add(new AblationMaterial.Row(sample.sampleId(), d.origin(), d.name(), d.similarity(), d.kept(), d.reason()));
                }
                for (String problem : e.get().problems()) {
                    rows.add(new AblationMaterial.Row(sample.sampleId(), problem.split(":", 2)[0], null, null, false, problem));
                }
            }
        } else {
            return Optional.empty();
        }
        return Optional.of(new AblationMaterial(ablation, generator, check == null ? "(nothing written yet)" : check, rows, without));
    }
}
