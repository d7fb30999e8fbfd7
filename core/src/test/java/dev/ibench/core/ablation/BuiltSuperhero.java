package dev.ibench.core.ablation;

import dev.ibench.core.TestData;
import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.rest.RestBuildStep;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.core.verify.CoverageReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The superhero SLOT, SEL and REST eval sets, built once per test JVM with the real builders (paper mode). */
final class BuiltSuperhero {
    private static Path out;

    private BuiltSuperhero() {}

    static synchronized Path dir() {
        if (out == null) {
            try {
                Path dir = Files.createTempDirectory("ibench-ablation-sets");
                Path root = TestData.root();
                new BenchmarkBuilder(line -> {}).build(new BuildOptions("bird", root.resolve("bird"), List.of("superhero"),
                        List.of(ToolStyle.SLOT, ToolStyle.SEL), BuildMode.PAPER, dir, root));
                RestBuildStep.run(new BuildOptions("bird", root.resolve("bird"), List.of("superhero"), List.of(), BuildMode.PAPER, dir, root),
                        new CoverageReport(), line -> {}, false);
                out = dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static List<EvalSample> slot() {
        return EvalSetReader.read(dir().resolve("bird-superhero-slot.json"));
    }

    static List<EvalSample> sel() {
        return EvalSetReader.read(dir().resolve("bird-superhero-sel.json"));
    }

    static List<EvalSample> rest() {
        return EvalSetReader.read(dir().resolve("bird-superhero-rest.json"));
    }
}
