package dev.ibench.activities.llm.client;

import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/** Builds the {@link ModelClient} a profile names. */
public final class ModelClients {
    /** Where the in-process models live unless {@code IBENCH_MODEL_DIR} says otherwise. */
    public static final Path DEFAULT_MODEL_DIR = Path.of(".tools", "models");
    public static final String MODEL_DIR_ENV = "IBENCH_MODEL_DIR";
    /** The project home (see the workers' {@code IbenchHome}); {@code .tools/models} is under it. */
    public static final String HOME_ENV = "IBENCH_HOME";

    private ModelClients() {}

    /**
     * @param environment  environment lookup (System::getenv in production) for API keys and IBENCH_MODEL_DIR
     * @param oracleSamples the samples the oracle test tool may be asked about (ignored by other providers)
     */
    public static ModelClient create(ModelProfile profile, Function<String, String> environment, Collection<EvalSample> oracleSamples) {
        Duration timeout = Duration.ofSeconds(profile.timeoutSeconds());
        return switch (profile.provider()) {
            case "openai" -> OpenAiClient.keepingAlive(profile.baseUrl(),
                    ApiKey.fromEnvironment(profile.apiKeyEnv(), environment, profile.baseUrl()), timeout, profile.maxConcurrency());
            case "gguf" -> new GgufClient(modelFile(profile, environment),
                    profile.contextLength() == null ? 8192 : profile.contextLength(), profile.threads(), timeout, profile.promptCache());
            case "oracle" -> new OracleClient(oracleSamples == null ? List.of() : oracleSamples);
            case "replay" -> new ReplayClient(Path.of(profile.replayFile()));
            default -> throw ModelCallException.of(ErrorKind.CONFIGURATION, profile.name(), "unknown provider " + profile.provider());
        };
    }

    /**
     * As {@link #create}, for activities: a client that cannot be made (missing model file or API key, unknown
     * provider) is a non-retryable {@link ModelCallFailures#ENDPOINT_REJECTED} naming the profile, since no retry can fix it.
     */
    public static ModelClient createOrReject(ModelProfile profile, Function<String, String> environment, Collection<EvalSample> oracleSamples) {
        try {
            return create(profile, environment, oracleSamples);
        } catch (ModelCallException e) {
            throw ModelCallFailures.endpointRejected("model profile " + profile.name() + ": " + e.getMessage());
        }
    }

    /**
     * The gguf file of a profile: absolute {@code model_file} as is, else under IBENCH_MODEL_DIR, else under the
     * project's {@code .tools/models} ({@code $IBENCH_HOME}, which the launcher sets, or the working directory).
     */
    public static Path modelFile(ModelProfile profile, Function<String, String> environment) {
        Path file = Path.of(profile.modelFile());
        if (file.isAbsolute()) {
            return file;
        }
        String dir = environment.apply(MODEL_DIR_ENV);
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir).resolve(file);
        }
        String home = environment.apply(HOME_ENV);
        return (home == null || home.isBlank() ? DEFAULT_MODEL_DIR : Path.of(home).resolve(DEFAULT_MODEL_DIR)).resolve(file);
    }
}
