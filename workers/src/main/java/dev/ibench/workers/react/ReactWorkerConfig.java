package dev.ibench.workers.react;

import dev.ibench.workers.IbenchHome;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The ReACT agent models of a worker, from the environment (the results store, eval sets and data root are the
 * process's {@code CampaignServices}: {@code IBENCH_RESULTS_DB}, {@code IBENCH_DATA_ROOT}):
 * <ul>
 *   <li>{@code IBENCH_PROFILE_DIR}: extra model profiles ({@code *.yaml}; default {@code <home>/profiles});</li>
 *   <li>{@code IBENCH_LLM_CACHE}: response cache file (default {@code <home>/.ibench/llm-cache.sqlite}; {@code none}: no cache);</li>
 *   <li>{@code IBENCH_REACT_MODELS}: comma-separated models the llm role serves for ReACT cells, each a profile
 *       name or {@code oracle-agent}; each polls its queue {@code TaskQueues.llm(model)} (default: none).</li>
 * </ul>
 */
public record ReactWorkerConfig(Path profileDir, Path llmCache, List<String> models) {
    public static ReactWorkerConfig from(Function<String, String> env, IbenchHome home) {
        return new ReactWorkerConfig(
                path(env.apply("IBENCH_PROFILE_DIR"), home.root().resolve("profiles")),
                "none".equals(env.apply("IBENCH_LLM_CACHE")) ? null : path(env.apply("IBENCH_LLM_CACHE"), home.state().resolve("llm-cache.sqlite")),
                list(env.apply("IBENCH_REACT_MODELS")));
    }

    private static Path path(String value, Path fallback) {
        return value == null || value.isBlank() ? fallback : Path.of(value).toAbsolutePath().normalize();
    }

    private static List<String> list(String csv) {
        return csv == null || csv.isBlank() ? List.of()
                : Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
