package dev.ibench.workers.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.nestful.PythonSequenceExecutor;
import dev.ibench.core.json.Json;
import dev.ibench.core.nestful.NestfulEvalSetFiles;
import dev.ibench.core.nestful.NestfulImporter;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.imports.ImportOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ibench import nestful FILE --out DIR [--name NAME] [--functions DIR] [--json]}: writes
 * {@code DIR/NAME-nestful.json} (the eval set), {@code DIR/NAME-nestful-import.json} (rows imported, rows left out with
 * the reason, and with functions the gold replay) and, with {@code --functions}, a copy of the functions folder as
 * {@code DIR/NAME-nestful-functions/}, which campaigns and {@code rescore} execute predictions against (win rate).
 * Exit 0: at least one row imported; 2: unusable input or no row importable.
 */
@Command(name = "nestful", mixinStandardHelpOptions = true,
        description = "Import NESTful rows (JSON Lines) as an eval set, with its executable functions for win rate.")
final class ImportNestfulCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "NESTful data file: JSON Lines (or a JSON array) of rows.")
    Path file;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder to write the eval set into.")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "Eval set name (default: the file's name without extension).")
    String name;

    @Option(names = "--functions", paramLabel = "DIR",
            description = "Folder of the Python functions (*.py, optionally func_file_map.json mapping function to file), e.g. NESTful's released executable functions.")
    Path functions;

    @Option(names = "--json", description = "Print the import report as JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        ImportOutput output = new ImportOutput("ibench import nestful", err);
        if (!Files.isRegularFile(file)) {
            err.println("ibench import nestful: no such file: " + file);
            return 2;
        }
        if (functions != null && !Files.isDirectory(functions)) {
            err.println("ibench import nestful: --functions " + functions + " is not a folder");
            return 2;
        }
        String setName = name != null ? name : defaultName(file);
        if (!output.nameAllowed(setName)) {
            return 2;
        }
        NestfulImporter.Result imported;
        try {
            imported = NestfulImporter.read(file);
        } catch (IllegalArgumentException e) {
            err.println("ibench import nestful: " + e.getMessage());
            return 2;
        }
        ObjectNode report = Json.MAPPER.createObjectNode();
        report.put("file", file.toString());
        if (!output.addOutcome(report, file, imported.samples().size(), imported.rejected().stream()
                .map(r -> new ImportOutput.LeftOut(r.line(), "sample_id", r.sampleId(), r.reason())).toList())) {
            return 2;
        }
        Files.createDirectories(out);
        Path evalSet = NestfulEvalSetFiles.evalSet(out, setName);
        ObjectNode set = Json.MAPPER.createObjectNode();
        set.put("style", "nestful");
        set.put("source", file.getFileName().toString());
        set.set("data", Json.MAPPER.valueToTree(imported.samples()));
        ImportOutput.write(evalSet, set);
        report.put("eval_set", evalSet.toString());
        if (functions != null) {
            Path copy = NestfulEvalSetFiles.functionsFolder(evalSet);
            copyFunctions(functions, copy);
            report.put("functions", copy.toString());
            report.set("gold_replay", replayGold(evalSet, imported.samples()));
        } else {
            report.putNull("functions");
        }
        Path reportFile = out.resolve(setName + "-nestful-import.json");
        ImportOutput.write(reportFile, report);
        if (json) {
            stdout.println(ImportOutput.text(report));
        } else {
            printSummary(stdout, report, evalSet, reportFile);
        }
        stdout.flush();
        return 0;
    }

    private static ObjectNode replayGold(Path evalSet, List<EvalSample> samples) {
        PythonSequenceExecutor executor = PythonSequenceExecutor.forEvalSet(evalSet, IbenchHome.resolve().state());
        ObjectNode replay = Json.MAPPER.createObjectNode();
        ArrayNode failures = Json.MAPPER.createArrayNode();
        int reproduced = 0;
        for (EvalSample sample : samples) {
            Optional<String> why = executor.unavailable(sample);
            if (why.isEmpty()) {
                reproduced++;
            } else {
                failures.addObject().put("sample_id", sample.sampleId()).put("reason", why.get());
            }
        }
        replay.put("reproduced", reproduced);
        replay.put("of", samples.size());
        replay.set("not_reproduced", failures);
        return replay;
    }

    private static void copyFunctions(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            try (Stream<Path> old = Files.walk(to)) {
                for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String n = f.getFileName().toString();
                if (n.endsWith(".py") || n.equals("func_file_map.json")) {
                    Files.copy(f, to.resolve(n));
                }
            }
        }
    }

    private static void printSummary(PrintWriter out, ObjectNode report, Path evalSet, Path reportFile) {
        out.printf(Locale.ROOT, "imported %d row(s) into %s; %d left out%n", report.get("imported").asInt(), evalSet,
                report.get("rejected").size());
        report.get("rejected").forEach(r -> out.printf(Locale.ROOT, "  line %d: %s%n", r.get("line").asInt(), r.get("reason").asText()));
        if (report.has("gold_replay")) {
            var replay = report.get("gold_replay");
            out.printf(Locale.ROOT, "gold replay with the functions: %d of %d reproduce the gold answer%n",
                    replay.get("reproduced").asInt(), replay.get("of").asInt());
            replay.get("not_reproduced").forEach(r -> out.printf(Locale.ROOT, "  %s: %s%n", r.get("sample_id").asText(), r.get("reason").asText()));
        } else {
            out.println("no --functions: win rate cannot be computed for this eval set");
        }
        out.println("report: " + reportFile);
    }

    private static String defaultName(Path file) {
        String n = file.getFileName().toString();
        int dot = n.indexOf('.');
        return (dot > 0 ? n.substring(0, dot) : n).replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
