package dev.ibench.workers.cli;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.core.build.BenchmarkBuilder;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.json.Json;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "build", mixinStandardHelpOptions = true, description = "Build SLOT/SEL/REST eval sets from NL2SQL data (BIRD, Spider) and write coverage.json.")
final class BuildCommand implements Callable<Integer> {
    @Option(names = "--source", required = true, description = "bird or spider")
    String source;

    @Option(names = "--root", required = true, description = "dataset folder (BIRD: dev.json + dev_databases/; Spider: dev.json + tables.json + database/)")
    Path root;

    @Option(names = "--db", defaultValue = "all", description = "database ids, comma-separated, or 'all' (default)")
    String db;

    @Option(names = "--style", defaultValue = "slot,sel", description = "styles, comma-separated: slot, sel (rest is built by the REST pipeline)")
    String style;

    @Option(names = "--mode", defaultValue = "paper", description = "paper (seed operations only) or extended")
    String mode;

    @Option(names = "--out", required = true, description = "output folder")
    Path out;

    @Option(names = "--data-root", description = "folder that samples' database_path is relative to (default: the parent of --root)")
    Path dataRoot;

    @Option(names = "--json", description = "print coverage.json to stdout")
    boolean json;

    @Option(names = {"-v", "--verbose"}, description = "log every question that was not verified, with its reason")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        List<ToolStyle> styles = new ArrayList<>();
        for (String s : style.split(",")) {
            if (s.isBlank()) continue;
            if (s.trim().equalsIgnoreCase("rest")) {
                System.err.println("ibench build: style 'rest' is produced by the REST pipeline, not by this builder; skipping it.");
                continue;
            }
            try {
                styles.add(ToolStyle.parse(s));
            } catch (IllegalArgumentException e) {
                System.err.println("ibench build: unknown style '" + s + "' (expected slot, sel)");
                return 2;
            }
        }
        BuildMode buildMode;
        try {
            buildMode = BuildMode.parse(mode);
        } catch (IllegalArgumentException e) {
            System.err.println("ibench build: unknown mode '" + mode + "' (expected paper or extended)");
            return 2;
        }
        if (!source.equalsIgnoreCase("bird") && !source.equalsIgnoreCase("spider")) {
            System.err.println("ibench build: unknown source '" + source + "' (expected bird or spider)");
            return 2;
        }
        List<String> dbs = db.equalsIgnoreCase("all") ? List.of() : Arrays.stream(db.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        Path parent = root.normalize().getParent();
        Path base = dataRoot != null ? dataRoot : parent != null ? parent : Path.of(".");
        BuildOptions options = new BuildOptions(source.toLowerCase(), root, dbs, styles, buildMode, out, base);
        BenchmarkBuilder.Result result = new BenchmarkBuilder(msg -> System.err.println("build: " + msg), verbose).build(options);
        Map<String, Object> cov = result.coverageJson();
        if (json) {
            System.out.println(Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(cov));
        } else {
            System.out.printf("%s %s: %s questions, %s in scope, %s verified (%.1f%%); wrote %d files to %s%n", source, mode,
                    cov.get("questions"), cov.get("in_scope"), cov.get("verified"), 100.0 * ((Number) cov.get("verified_rate")).doubleValue(),
                    result.files().size(), out);
            System.out.println("by_reason: " + cov.get("by_reason"));
        }
        return 0;
    }
}
