package dev.ibench.workers.campaign;

import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.workers.IbenchHome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo's campaign: SLOT and SEL eval sets built from the bundled BIRD superhero database (once;
 * kept under {@code .ibench/demo/}), evaluated with the in-process SmolLM2 model and the {@code oracle}
 * test model on a few seeded samples.
 */
public final class DemoCampaign {
    private final IbenchHome home;
    private final PrintStream log;

    public DemoCampaign(IbenchHome home, PrintStream log) {
        this.home = home;
        this.log = log;
    }

    public Path directory() {
        return home.state().resolve("demo");
    }

    /** The demo's models, by name, with the campaign line of each. */
    private static final Map<String, String> MODELS = new LinkedHashMap<>();

    static {
        MODELS.put("oracle", "  - {name: oracle, profile: oracle}");
        MODELS.put("smollm2", "  - {name: smollm2, profile: smollm2-json, concurrency: 1}");
    }

    /** Every model the demo can run, in the order the campaign lists them. */
    public static List<String> modelNames() {
        return List.copyOf(MODELS.keySet());
    }

    /** Refuses an empty choice or a name that is not one of the demo's models, naming the accepted ones. */
    public static void checkModels(List<String> models) {
        if (models.isEmpty() || !MODELS.keySet().containsAll(models)) {
            throw new IllegalArgumentException("demo --models " + String.join(",", models) + ": choose one or more of " + String.join(", ", MODELS.keySet()));
        }
    }

    /**
     * Builds the eval sets if missing and writes the campaign file with the named models ({@code oracle},
     * {@code smollm2}); returns the campaign file. An unknown or empty selection is refused with the accepted names.
     */
    public Path prepare(int samples, List<String> models) throws IOException {
        checkModels(models);
        StringBuilder modelLines = new StringBuilder();
        MODELS.forEach((name, line) -> {
            if (models.contains(name)) modelLines.append(line).append('\n');
        });
        Path benchmarks = directory().resolve("benchmarks");
        Path slot = benchmarks.resolve("bird-superhero-slot.json");
        Path sel = benchmarks.resolve("bird-superhero-sel.json");
        if (!Files.isRegularFile(slot) || !Files.isRegularFile(sel)) {
            log.println("Building SLOT and SEL eval sets from data/bird (superhero) ...");
            Path data = home.root().resolve("data");
            new BenchmarkBuilder(msg -> { }).build(new BuildOptions("bird", data.resolve("bird"), List.of("superhero"),
                    List.of(ToolStyle.SLOT, ToolStyle.SEL), BuildMode.PAPER, benchmarks, data));
        }
        Path file = directory().resolve("campaign.yaml");
        Files.writeString(file, """
                # Written by `ibench demo`: SLOT and SEL superhero with the oracle test model and SmolLM2 in-process.
                name: demo
                models:
                %sbenchmarks:
                  - {name: slot-superhero, eval_set: benchmarks/bird-superhero-slot.json}
                  - {name: sel-superhero, eval_set: benchmarks/bird-superhero-sel.json}
                modes: [direct]
                samples: {limit: %d, seed: 7}
                cells_in_flight: 4
                samples_in_flight: 4
                """.formatted(modelLines, samples));
        return file;
    }
}
