package dev.ibench.workers.campaign.estimate;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.campaign.CampaignModelProfile;
import dev.ibench.activities.campaign.CellAblation;
import dev.ibench.activities.campaign.ModelRunner;
import dev.ibench.activities.campaign.PromptStyles;
import dev.ibench.activities.campaign.SqlMode;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.spend.CallCost;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.bfcl.BfclMultiTurnEvalSet;
import dev.ibench.core.campaign.BenchmarkEntry;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.CampaignSpecException;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.campaign.SampleSelector;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignStarter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Estimates what a campaign file will use before anything is sent ({@code ibench campaign plan}, and {@code campaign
 * start} before it starts): the file is checked as {@code campaign start} checks it, every cell's selected samples are
 * rendered as the worker renders them (profile, campaign overrides, pure ablations) and their prompts counted
 * ({@link PromptTokenMeter}); output tokens are bounded by {@code max_tokens}, with a typical figure from the earlier
 * answers of the same profile ({@link TypicalOutputTokens}). No server is contacted.
 */
public final class CampaignCostPlanner {
    private final ProfileCatalog profiles;
    private final Function<String, String> environment;
    private final TypicalOutputTokens typical;

    public CampaignCostPlanner(ProfileCatalog profiles, Function<String, String> environment, TypicalOutputTokens typical) {
        this.profiles = profiles;
        this.environment = environment;
        this.typical = typical;
    }

    /** The planner of this installation: its profiles, the process environment, and the typical figures of its store. */
    public static CampaignCostPlanner ofInstallation(IbenchHome home, PrintStream notes) {
        return new CampaignCostPlanner(ProfileCatalog.load(home.root().resolve("profiles")), System::getenv,
                TypicalOutputTokens.ofInstallation(home, notes));
    }

    public CampaignCostEstimate estimate(Path file) {
        return estimate(file, CampaignStarter.plan(file, profiles).spec());
    }

    /** The estimate of a spec {@link CampaignStarter#plan} has read and checked (eval-set paths resolved). */
    public CampaignCostEstimate estimate(Path file, CampaignSpec spec) {
        List<CellCostEstimate> cells = new ArrayList<>();
        for (ModelEntry entry : spec.models()) {
            ModelProfile profile;
            try {
                profile = CampaignModelProfile.of(profiles, spec, entry);
            } catch (IllegalArgumentException e) {
                throw new CampaignSpecException(file + ": model " + entry.name() + ": " + e.getMessage());
            }
            try (PromptTokenMeter meter = PromptTokenMeter.of(profile, environment)) {
                for (BenchmarkEntry benchmark : spec.benchmarks()) {
                    cells.addAll(cellsOf(spec, entry, profile, meter, benchmark));
                }
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception closing) {
                throw new IllegalStateException("cannot close the tokenizer of " + profile.name() + ": " + closing.getMessage(), closing);
            }
        }
        return new CampaignCostEstimate(spec.name(), cells);
    }

    private List<CellCostEstimate> cellsOf(CampaignSpec spec, ModelEntry entry, ModelProfile profile, PromptTokenMeter meter,
                                           BenchmarkEntry benchmark) {
        List<CellCostEstimate> out = new ArrayList<>();
        if (ArtifactHash.isReference(benchmark.evalSet())) {
            for (String cell : cells(spec, entry, benchmark)) {
                out.add(CellCostEstimate.notEstimated(cell, profile.name(), 0,
                        "its eval set is named by artifact reference, whose samples only the store holds"));
            }
            return out;
        }
        Path file = Path.of(benchmark.evalSet());
        if (BfclMultiTurnEvalSet.isOne(file)) {
            for (String cell : cells(spec, entry, benchmark)) {
                out.add(CellCostEstimate.notEstimated(cell, profile.name(), 0,
                        "BFCL multi-turn conversations are not estimated (their steps depend on the answers)"));
            }
            return out;
        }
        List<EvalSample> all = EvalSetReader.read(file);
        Set<String> chosen = Set.copyOf(SampleSelector.select(all.stream().map(EvalSample::sampleId).toList(), spec.samples()));
        List<EvalSample> selected = all.stream().filter(s -> chosen.contains(s.sampleId())).toList();
        TypicalOutputTokens.Typical earlier = typical.of(entry.profile());
        for (String mode : spec.modes()) {
            for (String ablationName : spec.ablations()) {
                CellAblation ablation = new CellAblation(Ablation.parse(ablationName), all, spec.decoding().campaignSeed());
                long prompt = promptTokens(profile, meter, ablation, all, selected);
                int calls = "react".equals(mode) ? spec.react().budget() : 1;
                long items = (long) selected.size() * spec.trials();
                String how = meter.how() + notes(mode, ablationName, calls);
                long promptTokens = prompt * spec.trials() * calls;
                long bound = items * calls * profile.maxTokens();
                Long typicalOut = earlier.answers() == 0 ? null : Math.min(bound, Math.round(items * calls * earlier.mean()));
                out.add(new CellCostEstimate(label(entry, benchmark, mode, ablationName), profile.name(), items, calls, promptTokens, how, bound, typicalOut,
                        earlier.describe(), CallCost.usd(profile, promptTokens, bound),
                        typicalOut == null ? null : CallCost.usd(profile, promptTokens, typicalOut),
                        CallCost.hasBatchPrice(profile) ? CallCost.batchUsd(profile, promptTokens, bound) : null, null));
            }
        }
        return out;
    }

    /** The prompt tokens of one trial of every selected sample, rendered as the cell's runner renders them. */
    private static long promptTokens(ModelProfile profile, PromptTokenMeter meter, CellAblation ablation, List<EvalSample> all,
                                     List<EvalSample> selected) {
        if (selected.isEmpty()) {
            return 0;
        }
        Function<EvalSample, RenderedPrompt> prompts = ModelRunner.inOwnStyle(
                new PromptRenderer(profile, ablation.icl(IclExamples.bundled(PromptStyles.of(all.get(0))))));
        int maxCalls = ToolCallSchema.maxCalls(all);
        long sum = 0;
        for (EvalSample sample : selected) {
            EvalSample shown = ablation.transformed(sample);
            RenderedPrompt prompt = ablation.prompt(sample, prompts.apply(shown));
            sum += meter.count(ModelRequests.request(profile, prompt, sample.sampleId(), shown.tools(), maxCalls));
        }
        return sum;
    }

    /** What makes a cell's count rougher than its meter's: its mode's prompts, a ReACT cell's steps, model-written ablation material. */
    private static String notes(String mode, String ablation, int calls) {
        List<String> notes = new ArrayList<>();
        if (SqlMode.MODE.equals(mode)) {
            notes.add("rough: mode sql's prompt taken at the direct prompt's size");
        } else if ("react".equals(mode)) {
            notes.add("rough: each of up to " + calls + " ReACT steps taken at the direct prompt's size");
        }
        if (!"none".equals(ablation)) {
            notes.add("ablation " + ablation + " applied without model-written material, if it has any");
        }
        return notes.isEmpty() ? "" : "; " + String.join("; ", notes);
    }

    private static List<String> cells(CampaignSpec spec, ModelEntry entry, BenchmarkEntry benchmark) {
        List<String> out = new ArrayList<>();
        for (String mode : spec.modes()) {
            for (String ablation : spec.ablations()) {
                out.add(label(entry, benchmark, mode, ablation));
            }
        }
        return out;
    }

    /** A cell as the plan names it: model / benchmark / mode / ablation (its id's tail; the campaign id is chosen at start). */
    private static String label(ModelEntry entry, BenchmarkEntry benchmark, String mode, String ablation) {
        return entry.name() + " / " + benchmark.name() + " / " + mode + " / " + ablation;
    }
}
