package dev.ibench.workers.cli;

import static dev.ibench.workers.cli.CommandSequence.command;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.testing.BundledData;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.campaign.CampaignStarter;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign report} (html and json), {@code campaign export} and {@code campaign compare}, the commands that spool,
 * run through the real CLI in a JVM whose system temp folder ({@code java.io.tmpdir}) is an empty folder of the test's:
 * nothing is made in that folder while they run (a file made and removed again counts too), it is empty afterwards, and
 * the home's scratch folder ({@code .ibench/tmp}) holds nothing left over.
 */
class CampaignReadsScratchIT {
    @TempDir Path dir;

    @Test
    void reportExportAndCompareLeaveTheSystemTempFolderAndTheScratchFolderEmpty() throws Exception {
        Path store = dir.resolve("results.db");
        Path evalSet = twoCampaigns(store);
        Path home = Files.createDirectories(dir.resolve("home"));
        Path systemTemp = Files.createDirectories(dir.resolve("system-tmp"));
        Path out = Files.createDirectories(dir.resolve("out"));
        String s = store.toString();
        List<String> args = CommandSequence.of(List.of(
                command("campaign", "report", "A", "--format", "html", "--ui-url", "none", "--out", out.resolve("a.html").toString(), "--store", s),
                command("campaign", "report", "A", "--format", "json", "--out", out.resolve("a.json").toString(), "--store", s),
                command("campaign", "export", "A", "--format", "csv", "--out", out.resolve("a.csv").toString(), "--store", s),
                command("campaign", "compare", "A", "B", "--json", "--out", out.resolve("ab.json").toString(), "--store", s)));

        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + systemTemp,
                "-cp", classPath(), CommandSequence.class.getName()));
        java.addAll(args);
        Path log = dir.resolve("cli.log");
        int exit;
        ProcessBuilder builder = new ProcessBuilder(java).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        for (String setting : List.of("IBENCH_STORE", "IBENCH_STORE_PASSWORD", "IBENCH_RESULTS_DB", "IBENCH_ARTIFACTS", "TEMPORAL_ADDRESS")) {
            builder.environment().remove(setting);
        }
        builder.environment().put("IBENCH_HOME", home.toString());
        builder.environment().put("IBENCH_DATA_ROOT", BundledData.root().toString());
        List<String> madeInSystemTemp = new ArrayList<>();
        try (WatchService watch = systemTemp.getFileSystem().newWatchService()) {
            // every entry made in the system temp folder, even one removed before the process ends
            systemTemp.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("the commands did not finish within 120 s:\n" + Files.readString(log));
            }
            for (WatchKey key = watch.poll(); key != null; key = watch.poll()) {
                key.pollEvents().forEach(e -> madeInSystemTemp.add(String.valueOf(e.context())));
                key.reset();
            }
            exit = process.exitValue();
        }
        String output = Files.readString(log);
        assertThat(exit).as(output).isZero();
        assertThat(output).contains("exit=0 campaign report A --format html", "exit=0 campaign report A --format json",
                "exit=0 campaign export A", "exit=0 campaign compare A B");

        // the outputs are real: every item of A is in the export and the drill-down, both campaigns in the comparison
        assertThat(Files.readAllLines(out.resolve("a.csv"))).hasSize(1 + ITEMS);
        assertThat(Files.readString(out.resolve("a.html"))).contains(samples.get(ITEMS - 1).sampleId());
        assertThat(Json.MAPPER.readTree(out.resolve("a.json").toFile()).toString()).contains(samples.get(0).sampleId());
        assertThat(Files.readString(out.resolve("ab.json"))).contains("\"A\"").contains("\"B\"");

        assertThat(madeInSystemTemp).as("entries made in the system temp folder while the commands ran").isEmpty();
        assertThat(entries(systemTemp)).as("left in the system temp folder").isEmpty();
        Path scratch = home.resolve(".ibench/tmp");
        assertThat(scratch).as("the spools' folder, made on first use").isDirectory();
        assertThat(entries(scratch)).as("left in ibench's scratch folder").isEmpty();
    }

    private static final int ITEMS = 4;
    private List<EvalSample> samples;

    /** Campaigns A and B over the same four executable samples: A answers 1 and 2 with the gold calls, B 1, 3 and 4. */
    private Path twoCampaigns(Path storeFile) throws Exception {
        Path evalSet = SyntheticEvalSet.writeExecutable(dir.resolve("syn.json"), ITEMS, BundledData.root());
        samples = EvalSetReader.read(evalSet);
        Path campaignFile = dir.resolve("c.yaml");
        Files.writeString(campaignFile, """
                name: scratch-fixture
                models:
                  - {name: m, profile: oracle}
                benchmarks:
                  - {name: syn, eval_set: %s}
                """.formatted(evalSet));
        CampaignSpec spec = CampaignStarter.validate(campaignFile);
        try (ResultsDatabase db = ResultsDatabase.open(storeFile)) {
            ResultsStore store = new ResultsStore(db);
            write(store, spec, evalSet, "A", new boolean[] {true, true, false, false});
            write(store, spec, evalSet, "B", new boolean[] {true, false, true, true});
        }
        return evalSet;
    }

    private void write(ResultsStore store, CampaignSpec spec, Path evalSet, String campaign, boolean[] gold) throws Exception {
        store.saveCampaign(campaign, spec.name(), Json.MAPPER.writeValueAsString(spec));
        String cell = campaign + "/m/syn/direct";
        store.saveCell(new CellRecord(cell, campaign, "m", "syn", "direct", "none", evalSet.toString(), 1));
        store.saveCellSamples(cell, samples.stream().map(EvalSample::sampleId).toList());
        for (int i = 0; i < gold.length; i++) {
            String id = samples.get(i).sampleId();
            String output = gold[i] ? Json.MAPPER.writeValueAsString(samples.get(i).output()) : "The tallest one, I think.";
            store.saveModelCall(new ModelCallRecord(cell, id, 0, 0, null, output, 10, 10, 1L, false));
            store.saveSampleResult(new SampleResultRecord(cell, id, 0, SampleResultRecord.SCORED, null, "{}", null));
        }
    }

    private static List<Path> entries(Path folder) throws Exception {
        try (Stream<Path> all = Files.list(folder)) {
            return all.toList();
        }
    }

    /** The real test classpath (failsafe may hide it behind a manifest-only jar). */
    private static String classPath() {
        String failsafe = System.getProperty("surefire.test.class.path");
        return failsafe != null && !failsafe.isBlank() ? failsafe : System.getProperty("java.class.path");
    }
}
