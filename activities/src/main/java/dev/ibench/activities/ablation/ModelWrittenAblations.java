package dev.ibench.activities.ablation;

import dev.ibench.core.ablation.ExpansionOutcome;
import dev.ibench.core.campaign.AblationSettings;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.sample.EvalSample;

/** The {@link SampleGeneration} of a cell's ablation: paraphrase and toolkit_expansion through the generator, else none. */
public final class ModelWrittenAblations {
    private ModelWrittenAblations() {}

    /** @throws IllegalArgumentException when the ablation needs settings the campaign does not give */
    public static SampleGeneration of(String ablation, AblationSettings settings, AblationGenerator generator) {
        return switch (ablation) {
            case "paraphrase" -> {
                if (settings.paraphrase() == null) {
                    throw new IllegalArgumentException("ablation paraphrase: the campaign has no ablation_settings.paraphrase");
                }
                yield new SampleGeneration() {
                    @Override
                    public EvalSample shown(EvalSample original, EvalSample transformed) {
                        return generator.paraphrase(original, settings.paraphrase()).applyTo(transformed);
                    }

                    @Override
                    public ParsedOutput restore(EvalSample original, ParsedOutput parsed) {
                        return parsed;
                    }
                };
            }
            case "toolkit_expansion" -> {
                if (settings.toolkitExpansion() == null) {
                    throw new IllegalArgumentException("ablation toolkit_expansion: the campaign has no ablation_settings.toolkit_expansion");
                }
                yield new SampleGeneration() {
                    @Override
                    public EvalSample shown(EvalSample original, EvalSample transformed) {
                        return expansion(original).applyTo(transformed);
                    }

                    @Override
                    public ParsedOutput restore(EvalSample original, ParsedOutput parsed) {
                        return expansion(original).restore(parsed);
                    }

                    private ExpansionOutcome expansion(EvalSample original) {
                        return generator.expansion(original, settings.toolkitExpansion());
                    }
                };
            }
            default -> SampleGeneration.NONE;
        };
    }
}
