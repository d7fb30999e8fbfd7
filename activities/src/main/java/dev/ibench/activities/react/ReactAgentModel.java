package dev.ibench.activities.react;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import java.util.List;

/**
 * The model behind a ReACT agent: given the sample and the previous steps, the text of the next turn.
 * {@link GatewayAgentModel} renders the seed prompt and goes through the LLM gateway (cache, retries,
 * limits); {@link OracleAgentModel} is the scripted test tool.
 */
public interface ReactAgentModel {
    /** @param trial the trial of the sample (each trial samples with its own seed) */
    Reply next(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings, int trial);

    /** The prompt of the next step as this agent renders it (stored per step); null for an agent that renders none. */
    default RenderedPrompt prompt(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings) {
        return null;
    }

    /**
     * The next turn given the prompt to send ({@link #prompt}, as the cell's ablation rewrote it); an agent that renders
     * no prompt answers as {@link #next(EvalSample, String, List, ReactSettings, int)}.
     */
    default Reply next(EvalSample sample, RenderedPrompt prompt, String initialObservation, List<ReactStep> previous,
                       ReactSettings settings, int trial) {
        return next(sample, initialObservation, previous, settings, trial);
    }

    /**
     * The model's text and what the call cost; {@code cacheKey} is null when nothing was cached; {@code costUsd} is what
     * this call paid in USD (0 on a cache hit, null when the profile has no prices).
     */
    record Reply(String text, String cacheKey, Integer promptTokens, Integer completionTokens, Long latencyMs, boolean cacheHit,
                 Double costUsd, String reasoning, Integer reasoningTokens, boolean tokensUnknown) {
        /** The reply to store for a call through the gateway: {@code text} with what {@code result} paid and returned apart. */
        public static Reply of(String text, CallResult result) {
            ModelResponse r = result.response();
            return new Reply(text, result.cacheKey(), r.promptTokens(), r.completionTokens(), r.latencyMillis(), result.cacheHit(),
                    result.costUsd(), r.reasoning(), r.reasoningTokens() > 0 ? r.reasoningTokens() : null, r.tokensUnknown());
        }
    }
}
