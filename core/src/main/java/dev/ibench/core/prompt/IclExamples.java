package dev.ibench.core.prompt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's in-context examples for one style, loaded from an ICL file ({@code {"data": [sample, ...]}},
 * as in IBM/api-integrated-llm-experiment {@code source/prompts/examples/}). SLOT uses
 * {@code examples_icl_slot_filling.json}, SEL {@code examples_icl_sequencing.json}, NESTFUL NESTful's own
 * {@code examples_icl_nestful.json}; REST, REACT and BFCL use none. The files are bundled under the {@code icl/} resources; a directory holding files of the same names overrides them.
 */
public final class IclExamples {
    public static final String SLOT_FILE = "examples_icl_slot_filling.json";
    public static final String SEL_FILE = "examples_icl_sequencing.json";
    public static final String NESTFUL_FILE = "examples_icl_nestful.json";
    private static final List<String> FULL_FIELDS = List.of("sample_id", "dataset_name", "input", "output", "tools", "gold_answer");

    private final String source;
    private final List<ObjectNode> examples;

    private IclExamples(String source, List<ObjectNode> examples) {
        this.source = source;
        this.examples = examples;
    }

    public static IclExamples none() {
        return new IclExamples("none", List.of());
    }

    /** The bundled examples for a style (empty for REST, REACT and BFCL). */
    public static IclExamples bundled(PromptStyle style) {
        String file = fileFor(style);
        return file == null ? none() : parse("classpath:icl/" + file, ProfileCatalog.readResource("icl/" + file));
    }

    /** Examples for a style from {@code dir}, falling back to the bundled ones when {@code dir} is null. */
    public static IclExamples forStyle(PromptStyle style, Path dir) {
        String file = fileFor(style);
        if (file == null) {
            return none();
        }
        if (dir == null) {
            return bundled(style);
        }
        Path path = dir.resolve(file);
        try {
            return parse(path.toString(), Files.readString(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read ICL file " + path, e);
        }
    }

    private static String fileFor(PromptStyle style) {
        return switch (style) {
            case SLOT -> SLOT_FILE;
            case SEL -> SEL_FILE;
            case NESTFUL -> NESTFUL_FILE;
            case REST, REACT, BFCL, SQL -> null;
        };
    }

    static IclExamples parse(String source, String json) {
        try {
            JsonNode root = Json.MAPPER.readTree(json);
            JsonNode data = root.isArray() ? root : root.path("data");
            if (!data.isArray()) {
                throw new IllegalArgumentException("ICL file " + source + " has no 'data' array");
            }
            List<ObjectNode> list = new ArrayList<>();
            for (JsonNode item : data) {
                if (!item.isObject() || !item.hasNonNull("input") || !item.path("output").isArray()) {
                    throw new IllegalArgumentException("ICL file " + source + ": every example needs 'input' and an 'output' array");
                }
                list.add((ObjectNode) item);
            }
            return new IclExamples(source, List.copyOf(list));
        } catch (IOException e) {
            throw new IllegalArgumentException("ICL file " + source + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    /** These examples, each transformed (an ablation's view of them). */
    public IclExamples map(java.util.function.UnaryOperator<ObjectNode> transform) {
        return new IclExamples(source, examples.stream().map(transform).toList());
    }

    public String source() {
        return source;
    }

    public int size() {
        return examples.size();
    }

    /**
     * The first {@code count} examples whose question differs from {@code query} (so a sample never
     * sees its own answer), in file order: selection is deterministic, as in the seed's fixed 3-shot prompts.
     */
    public List<ObjectNode> select(int count, String query) {
        List<ObjectNode> chosen = new ArrayList<>();
        for (ObjectNode e : examples) {
            if (chosen.size() == count) {
                break;
            }
            if (query == null || !query.strip().equals(e.path("input").asText().strip())) {
                chosen.add(e);
            }
        }
        return chosen;
    }

    /** The text substituted for {@code {ICL_EXAMPLES}}. */
    public String render(int count, IclFormat format, String query) {
        List<String> parts = new ArrayList<>();
        for (ObjectNode e : select(count, query)) {
            parts.add(format == IclFormat.FULL ? full(e) : compact(e));
        }
        return String.join(format == IclFormat.FULL ? "\n\n" : "\n", parts);
    }

    private static String full(ObjectNode example) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (String field : FULL_FIELDS) {
            if (example.has(field)) {
                out.set(field, example.get(field));
            }
        }
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String compact(ObjectNode example) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.set("input", example.get("input"));
        out.set("output", example.get("output"));
        try {
            return Json.MAPPER.writeValueAsString(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
