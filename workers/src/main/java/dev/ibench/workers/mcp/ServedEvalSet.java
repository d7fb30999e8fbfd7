package dev.ibench.workers.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.NativeToolSpecs;
import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One eval set as the MCP server serves it: its samples by id, its tools (the union of the samples' tool specs, as
 * MCP tool name -> the OpenAI function definition they are declared with), and how a sample's tools are opened:
 * the in-process SLOT/SEL runtime (running the hidden join) or the REST endpoints published next to a REST set.
 */
final class ServedEvalSet implements AutoCloseable {
    private final Path file;
    private final Map<String, EvalSample> samples;
    private final Map<String, Map<String, Object>> functions;
    private final Map<String, String> toolNames;
    private final ToolRuntime runtime;
    private final RestEndpoints rest;

    private ServedEvalSet(Path file, Map<String, EvalSample> samples, Map<String, Map<String, Object>> functions,
            Map<String, String> toolNames, ToolRuntime runtime, RestEndpoints rest) {
        this.file = file;
        this.samples = samples;
        this.functions = functions;
        this.toolNames = toolNames;
        this.runtime = runtime;
        this.rest = rest;
    }

    /** @param dataRootOverride folder database paths are relative to; null: the eval set's recorded data_root */
    static ServedEvalSet load(Path file, Path dataRootOverride) throws IOException {
        Map<String, EvalSample> samples = new LinkedHashMap<>();
        for (EvalSample s : EvalSetReader.read(file)) {
            if (samples.putIfAbsent(s.sampleId(), s) != null) {
                throw new IllegalArgumentException(file + ": duplicate sample id '" + s.sampleId() + "'");
            }
        }
        if (samples.isEmpty()) {
            throw new IllegalArgumentException(file + ": no samples");
        }
        Map<String, Map<String, Object>> functions = new LinkedHashMap<>();
        Map<String, String> toolNames = new LinkedHashMap<>();
        for (EvalSample s : samples.values()) {
            for (Map<String, Object> spec : s.tools()) {
                String original = String.valueOf(spec.get("name"));
                @SuppressWarnings("unchecked")
                Map<String, Object> function = (Map<String, Object>) NativeToolSpecs.openAi(List.of(spec)).get(0).get("function");
                String name = String.valueOf(function.get("name"));
                if (functions.putIfAbsent(name, function) == null) toolNames.put(name, original);
            }
        }
        if (RestEndpointRuntime.isRestEvalSet(file)) {
            return new ServedEvalSet(file, samples, functions, toolNames, null, new RestEndpoints(file, dataRootOverride));
        }
        Path dataRoot = dataRootOverride != null ? dataRootOverride : recordedDataRoot(file);
        return new ServedEvalSet(file, samples, functions, toolNames, new ToolRuntime(dataRoot), null);
    }

    private static Path recordedDataRoot(Path file) throws IOException {
        JsonNode root = Json.MAPPER.readTree(file.toFile());
        JsonNode recorded = root.isObject() ? root.get("data_root") : null;
        if (recorded != null && recorded.isTextual() && Files.isDirectory(Path.of(recorded.asText()))) {
            return Path.of(recorded.asText());
        }
        return ToolRuntime.defaultDataRoot();
    }

    String name() {
        return file.getFileName().toString();
    }

    boolean rest() {
        return rest != null;
    }

    Map<String, EvalSample> samples() {
        return Collections.unmodifiableMap(samples);
    }

    /** MCP tool name -> OpenAI function definition {name, description, parameters}. */
    Map<String, Map<String, Object>> functions() {
        return Collections.unmodifiableMap(functions);
    }

    /** The runtime's name of an MCP tool. */
    String runtimeName(String mcpName) {
        return toolNames.getOrDefault(mcpName, mcpName);
    }

    /** Opens the sample's tools: for SLOT/SEL this runs its hidden initialization step (the join). */
    SampleTools open(EvalSample sample) throws SessionUnavailableException {
        if (rest != null) {
            try {
                rest.connection();
            } catch (java.sql.SQLException e) {
                throw new SessionUnavailableException("database of the REST endpoints unavailable: " + e.getMessage());
            }
            return new RestSampleTools(rest);
        }
        return new RuntimeSampleTools(runtime.open(sample));
    }

    List<String> sampleIds() {
        return new ArrayList<>(samples.keySet());
    }

    @Override
    public void close() {
        if (runtime != null) runtime.close();
        if (rest != null) rest.close();
    }
}
