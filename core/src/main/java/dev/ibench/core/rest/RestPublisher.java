package dev.ibench.core.rest;

import dev.ibench.core.build.EvalSetFile;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.json.JsonFiles;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The publish step: writes one database's REST outputs from its deduplicated endpoints and verified questions,
 * {@code <source>-<db>-rest.json} (eval set: one call per sample with the question's own arguments and the gold
 * answer), {@code <source>-<db>-rest-endpoints.json} (what {@code serve-tools} serves),
 * {@code <source>-<db>-openapi.json} and {@code <source>-<db>-rest-tools.json} (OpenAI function format). Each file
 * is written to a temporary name and moved into place, so a crash never leaves half a file.
 */
public final class RestPublisher {
    public static final String STYLE = "rest";

    /** Where and as what to publish: the source, its database, the build mode and the folders. */
    public record Target(String source, DatabaseEntry db, String mode, Path out, Path dataRoot) {}

    /** A verified question: the endpoint its sample calls, with its own arguments, and the gold answer. */
    public record Entry(Question question, EndpointSpec endpoint, Map<String, Object> arguments, Object gold) {}

    private RestPublisher() {}

    public static List<Path> publish(Target t, List<EndpointSpec> endpoints, List<DedupDecision> decisions, List<Entry> entries) throws IOException {
        Files.createDirectories(t.out());
        List<Map<String, Object>> tools = RestToolSpecs.of(endpoints);
        List<EvalSample> samples = new ArrayList<>();
        for (Entry e : entries) {
            samples.add(new EvalSample(t.db().id() + "-" + e.question().id(), t.db().id(), e.question().text(), e.question().sql(), e.gold(),
                    List.of(new ToolCall(e.endpoint().name(), e.arguments(), null)), null, tools, null));
        }
        String dataRoot = t.dataRoot().toString().replace('\\', '/');
        String prefix = t.source() + "-" + t.db().id() + "-";
        Path evalSet = t.out().resolve(prefix + STYLE + ".json");
        Path endpointsFile = t.out().resolve(t.source() + "-" + t.db().id() + RestPublication.FILE_SUFFIX);
        Path openApi = t.out().resolve(prefix + "openapi.json");
        Path toolsFile = t.out().resolve(prefix + "rest-tools.json");
        write(evalSet, new EvalSetFile(t.source(), t.db().id(), STYLE, t.mode(), dataRoot, samples));
        write(endpointsFile, new RestPublication(t.source(), t.db().id(), t.db().portablePath(), dataRoot, endpoints, producedBy(endpoints), decisions));
        write(openApi, OpenApiDocument.of("ibench REST tools: " + t.source() + " " + t.db().id(), endpoints));
        write(toolsFile, tools);
        return List.of(evalSet, endpointsFile, openApi, toolsFile);
    }

    /** Endpoints per generator ({@code deterministic}, {@code llm:<profile>}). */
    public static Map<String, Integer> producedBy(List<EndpointSpec> endpoints) {
        Map<String, Integer> counts = new TreeMap<>();
        for (EndpointSpec s : endpoints) counts.merge(s.producedBy(), 1, Integer::sum);
        return counts;
    }

    private static void write(Path file, Object value) throws IOException {
        JsonFiles.writeReplacing(file, value);
    }
}
