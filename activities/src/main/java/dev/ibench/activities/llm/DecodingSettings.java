package dev.ibench.activities.llm;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Decoding settings of one call; part of the cache key. {@code jsonSchema} asks for constrained output
 * (null: free text; {@code "{}"}: any JSON value). {@code topP}, {@code seed} and {@code frequencyPenalty} are sent
 * when set (null: the server's default, and absent from the cache key); a campaign trial always sets its own seed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema, Double topP, Long seed,
                               Double frequencyPenalty, ServerSettings server) {
    /**
     * How the server takes these settings (docs/model-profiles.md, request settings): the field carrying max_tokens
     * (null: {@code max_tokens}), whether {@code temperature} is sent (null: yes), OpenAI's {@code reasoning_effort} and
     * {@code chat_template_kwargs.enable_thinking} (null: not sent), and {@code keepSpecialTokens} (vLLM's and SGLang's
     * {@code skip_special_tokens: false}, for raw harmony prompts whose answer is read by its special tokens; null: not
     * sent), {@code toolChoice}, OpenAI's {@code tool_choice} sent with native tools (null: {@code auto}), and
     * {@code parallelToolCalls}, OpenAI's {@code parallel_tool_calls} sent with native tools (null: not sent). Null fields
     * are left out of the cache key, so keys of requests without them are unchanged.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ServerSettings(String tokenLimitParameter, Boolean sendTemperature, String reasoningEffort, Boolean enableThinking,
                                 Boolean keepSpecialTokens, String toolChoice, Boolean parallelToolCalls) {
        public static final ServerSettings DEFAULT = new ServerSettings(null, null, null, null, null);

        public ServerSettings {
            tokenLimitParameter = "max_tokens".equals(tokenLimitParameter) ? null : tokenLimitParameter;
            sendTemperature = Boolean.TRUE.equals(sendTemperature) ? null : sendTemperature;
            toolChoice = "auto".equals(toolChoice) ? null : toolChoice;
        }

        public ServerSettings(String tokenLimitParameter, Boolean sendTemperature, String reasoningEffort, Boolean enableThinking,
                              Boolean keepSpecialTokens) {
            this(tokenLimitParameter, sendTemperature, reasoningEffort, enableThinking, keepSpecialTokens, null, null);
        }

        /** The {@code tool_choice} sent with native tools. */
        public String toolChoiceField() {
            return toolChoice == null ? "auto" : toolChoice;
        }

        public String tokenLimitField() {
            return tokenLimitParameter == null ? "max_tokens" : tokenLimitParameter;
        }

        public boolean sendsTemperature() {
            return sendTemperature == null || sendTemperature;
        }

        boolean isDefault() {
            return equals(DEFAULT);
        }
    }

    public DecodingSettings {
        stop = stop == null ? List.of() : List.copyOf(stop);
        server = server == null || server.isDefault() ? null : server;
        if (maxTokens <= 0) {
            throw new IllegalArgumentException("maxTokens must be > 0, got " + maxTokens);
        }
    }

    public DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema) {
        this(maxTokens, temperature, stop, jsonSchema, null, null, null);
    }

    public DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema, Double topP, Long seed,
                            Double frequencyPenalty) {
        this(maxTokens, temperature, stop, jsonSchema, topP, seed, frequencyPenalty, null);
    }

    /** The server settings, {@link ServerSettings#DEFAULT} when none. */
    public ServerSettings serverSettings() {
        return server == null ? ServerSettings.DEFAULT : server;
    }

    /** These settings with other server settings. */
    public DecodingSettings withServer(ServerSettings settings) {
        return new DecodingSettings(maxTokens, temperature, stop, jsonSchema, topP, seed, frequencyPenalty, settings);
    }

    /** These settings with another {@code max_tokens}. */
    public DecodingSettings withMaxTokens(int newMaxTokens) {
        return new DecodingSettings(newMaxTokens, temperature, stop, jsonSchema, topP, seed, frequencyPenalty, server);
    }
}
