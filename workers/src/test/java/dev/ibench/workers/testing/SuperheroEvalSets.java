package dev.ibench.workers.testing;

import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.rest.RestBuildStep;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * JUnit fixture: the SLOT and SEL superhero eval sets, built once per test JVM with the real builder
 * (as {@code ibench build --source bird --root data/bird --db superhero --style slot,sel --mode paper}).
 */
public final class SuperheroEvalSets {
    private static Path built;
    private static Path builtRest;

    private SuperheroEvalSets() {}

    public static Path dataRoot() {
        for (Path p : new Path[] {Path.of("data"), Path.of("../data")}) {
            if (Files.isDirectory(p.resolve("bird"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("bundled data/ folder not found from " + Path.of("").toAbsolutePath());
    }

    public static synchronized Path dir() {
        if (built == null) {
            try {
                Path out = Files.createTempDirectory("ibench-react-sets");
                Path root = dataRoot();
                new BenchmarkBuilder(line -> {}).build(new BuildOptions("bird", root.resolve("bird"), List.of("superhero"),
                        List.of(ToolStyle.SLOT, ToolStyle.SEL), BuildMode.PAPER, out, root));
                built = out;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return built;
    }

    /**
     * The REST superhero eval set and its published endpoints ({@code bird-superhero-rest.json} and
     * {@code bird-superhero-rest-endpoints.json}), built once per test JVM with the deterministic endpoint generator
     * (as {@code ibench build --source bird --root data/bird --db superhero --style rest --mode paper}).
     */
    public static synchronized Path rest() {
        if (builtRest == null) {
            try {
                Path out = Files.createTempDirectory("ibench-react-rest");
                Path root = dataRoot();
                RestBuildStep.run(new BuildOptions("bird", root.resolve("bird"), List.of("superhero"), List.of(), BuildMode.PAPER, out, root),
                        new CoverageReport(), line -> {}, false);
                builtRest = out;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return builtRest.resolve("bird-superhero-rest.json");
    }

    public static Path slot() {
        return dir().resolve("bird-superhero-slot.json");
    }

    public static Path sel() {
        return dir().resolve("bird-superhero-sel.json");
    }
}
