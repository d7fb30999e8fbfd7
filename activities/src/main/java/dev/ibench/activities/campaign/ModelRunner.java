package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import dev.ibench.core.sample.EvalSample;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A campaign model ready to answer one cell's samples: its profile (with the campaign's decoding overrides
 * applied), how a sample becomes a prompt, its gateway, the campaign's decoding block (top_p, the seed trials derive theirs from) and
 * the cell's ablation (what the model is shown of a sample) and the bound on an answer's calls under
 * {@code constrained_output: tool_calls} ({@link ToolCallSchema#maxCalls} of the cell's eval set; 0: none).
 */
public record ModelRunner(ModelProfile profile, Function<EvalSample, RenderedPrompt> prompts, ModelGateway gateway,
                          DecodingOverrides decoding, CellAblation ablation, int maxCalls) {

    /** A runner that renders each sample in its own style with {@code renderer}, without ablation or a bound on calls. */
    public ModelRunner(ModelProfile profile, PromptRenderer renderer, ModelGateway gateway, DecodingOverrides decoding) {
        this(profile, inOwnStyle(renderer), gateway, decoding, CellAblation.NONE, 0);
    }

    /** Each sample in the prompt style it belongs to (SLOT, SEL, REST, NESTful, BFCL). */
    public static Function<EvalSample, RenderedPrompt> inOwnStyle(PromptRenderer renderer) {
        return shown -> renderer.render(PromptStyles.of(shown), shown);
    }

    /** The model's answer and the prompt it was asked. */
    public record Answer(CallResult result, RenderedPrompt prompt) {}

    /** Trial {@code trial} of a sample: its own request (own cache entry) with its own sampling seed. */
    public Answer answer(EvalSample sample, int trial) {
        return answer(sample, trial, null);
    }

    /** {@link #answer(EvalSample, int)} for campaign cell {@code cellId}, so the spend ledger counts it per cell. */
    public Answer answer(EvalSample sample, int trial, String cellId) {
        return answer(sample, trial, cellId, null);
    }

    /**
     * {@link #answer(EvalSample, int, String)} whose store writes after the answer are handed to {@code answerWrites}
     * ({@link ModelGateway#call(dev.ibench.activities.llm.ModelRequest, String, Consumer)}); null: made before returning.
     */
    public Answer answer(EvalSample sample, int trial, String cellId, Consumer<Runnable> answerWrites) {
        return call(prepare(sample, trial), cellId, answerWrites);
    }

    /** A trial's rendered prompt and the request that asks it, before it is sent. */
    public record Prepared(RenderedPrompt prompt, ModelRequest request) {}

    /** Renders trial {@code trial} of a sample as the cell shows it (a model-written ablation may ask its writer model first). */
    public Prepared prepare(EvalSample sample, int trial) {
        EvalSample shown = ablation.shown(sample);
        RenderedPrompt prompt = ablation.prompt(sample, prompts.apply(shown));
        long seed = TrialSeed.of(decoding.campaignSeed(), sample.sampleId(), trial);
        return new Prepared(prompt, ModelRequests.trialRequest(profile, prompt, sample.sampleId(), shown.tools(), maxCalls, trial, seed,
                decoding.topP()));
    }

    /** Sends a prepared request ({@link #answer(EvalSample, int, String, Consumer)} after {@link #prepare}). */
    public Answer call(Prepared prepared, String cellId, Consumer<Runnable> answerWrites) {
        CallResult result = answerWrites == null ? gateway.call(prepared.request(), cellId)
                : gateway.call(prepared.request(), cellId, answerWrites);
        return new Answer(result, prepared.prompt());
    }

    /** {@link #call} of a prepared request whose cache lookup was done ahead ({@link ModelGateway#lookUp}). */
    public Answer call(Prepared prepared, ModelGateway.LookedUp looked, String cellId, Consumer<Runnable> answerWrites) {
        return new Answer(gateway.call(looked, cellId, answerWrites), prepared.prompt());
    }
}
