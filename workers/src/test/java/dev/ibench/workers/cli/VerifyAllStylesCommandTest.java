package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestBuildStep;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.verify.CoverageReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ibench verify} on a folder built with all three styles: every style verified, tampering caught per style. */
class VerifyAllStylesCommandTest {
    @TempDir
    static Path tmp;

    static Path built;

    private static Path data() {
        return Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data");
    }

    /** SLOT and SEL through the CLI; REST with the in-process deterministic pipeline (the CLI's REST build needs a Temporal server: BuildRestIT). */
    @BeforeAll
    static void buildSuperheroInAllStyles() throws Exception {
        built = tmp.resolve("out");
        int build = new CommandLine(new IbenchCli()).execute("build", "--source", "bird", "--root", data().resolve("bird").toString(),
                "--db", "superhero", "--style", "slot,sel", "--out", built.toString());
        assertThat(build).isZero();
        Path root = data().resolve("bird").toAbsolutePath().normalize();
        RestBuildStep.run(new BuildOptions("bird", root, List.of("superhero"), List.of(), BuildMode.PAPER, built, root.getParent()),
                new CoverageReport(), m -> {}, false);
    }

    private record Run(int exit, String out) {}

    private static Run verify(Path dir, String... extra) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true));
        int code;
        try {
            String[] args = new String[extra.length + 2];
            args[0] = "verify";
            args[1] = dir.toString();
            System.arraycopy(extra, 0, args, 2, extra.length);
            code = new CommandLine(new IbenchCli()).execute(args);
        } finally {
            System.setOut(old);
        }
        return new Run(code, buf.toString());
    }

    @Test
    void everyStyleAgreesCompletely() throws Exception {
        assertThat(built.resolve("bird-superhero-rest.json")).exists();
        assertThat(built.resolve("bird-superhero-rest-tools.json")).exists();
        assertThat(built.resolve("bird-superhero-openapi.json")).exists();
        assertThat(built.resolve("bird-superhero-rest-endpoints.json")).exists();

        Run json = verify(built, "--json");
        assertThat(json.exit()).isZero();
        JsonNode v = Json.MAPPER.readTree(json.out());
        assertThat(v.get("agreement").asDouble()).isEqualTo(1.0);
        JsonNode byStyle = v.get("by_style");
        assertThat(byStyle.fieldNames()).toIterable().containsExactly("slot", "sel", "rest");
        for (String style : new String[] {"slot", "sel", "rest"}) {
            assertThat(byStyle.get(style).get("samples").asInt()).as(style).isPositive();
            assertThat(byStyle.get(style).get("agreed").asInt()).as(style).isEqualTo(byStyle.get(style).get("samples").asInt());
            assertThat(byStyle.get(style).get("agreement").asDouble()).as(style).isEqualTo(1.0);
        }
        // all 129 superhero questions get a REST endpoint; only the three eval sets are counted as files
        assertThat(byStyle.get("rest").get("samples").asInt()).isEqualTo(129);
        assertThat(v.get("files")).extracting(f -> f.get("file").asText())
                .containsExactlyInAnyOrder("bird-superhero-slot.json", "bird-superhero-sel.json", "bird-superhero-rest.json");
        assertThat(v.get("samples").asInt()).isEqualTo(byStyle.get("slot").get("samples").asInt()
                + byStyle.get("sel").get("samples").asInt() + byStyle.get("rest").get("samples").asInt());

        Run text = verify(built);
        assertThat(text.exit()).isZero();
        assertThat(text.out()).containsPattern("slot +agreement: (\\d+) / \\1 samples \\(100\\.00%\\)")
                .containsPattern("sel +agreement: (\\d+) / \\1 samples \\(100\\.00%\\)")
                .contains("rest  agreement: 129 / 129 samples (100.00%)");
    }

    @Test
    void aTamperedGoldAnswerIsReportedUnderItsStyle() throws Exception {
        Path copy = tmp.resolve("tampered");
        Files.createDirectories(copy);
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(built)) {
            for (Path p : ds) Files.copy(p, copy.resolve(p.getFileName()));
        }
        String restId = tamperFirstGoldAnswer(copy.resolve("bird-superhero-rest.json"));
        String slotId = tamperFirstGoldAnswer(copy.resolve("bird-superhero-slot.json"));

        Run json = verify(copy, "--json");
        assertThat(json.exit()).isEqualTo(1);
        JsonNode v = Json.MAPPER.readTree(json.out());
        JsonNode byStyle = v.get("by_style");
        assertThat(byStyle.get("rest").get("agreed").asInt()).isEqualTo(byStyle.get("rest").get("samples").asInt() - 1);
        assertThat(byStyle.get("slot").get("agreed").asInt()).isEqualTo(byStyle.get("slot").get("samples").asInt() - 1);
        assertThat(byStyle.get("sel").get("agreement").asDouble()).isEqualTo(1.0);
        assertThat(v.get("agreed").asInt()).isEqualTo(v.get("samples").asInt() - 2);
        for (JsonNode f : v.get("files")) {
            switch (f.get("style").asText()) {
                case "rest" -> assertThat(f.get("failures")).singleElement().extracting(JsonNode::asText).asString()
                        .startsWith(restId + ": ").contains("gold answer");
                case "slot" -> assertThat(f.get("failures")).singleElement().extracting(JsonNode::asText).asString()
                        .startsWith(slotId + ": ").contains("gold_answer");
                default -> assertThat(f.get("failures")).isEmpty();
            }
        }

        Run text = verify(copy);
        assertThat(text.exit()).isEqualTo(1);
        assertThat(text.out()).contains("  " + restId + ": endpoint result differs from the gold answer")
                .containsPattern("rest  agreement: 128 / 129 samples");
    }

    /** Replaces the first sample's gold answer by a value no query returns; gives that sample's id. */
    private static String tamperFirstGoldAnswer(Path evalSet) throws IOException {
        JsonNode root = Json.MAPPER.readTree(evalSet.toFile());
        ObjectNode first = (ObjectNode) root.get("data").get(0);
        first.put("gold_answer", "tampered-not-an-answer");
        Json.MAPPER.writeValue(evalSet.toFile(), root);
        return first.get("sample_id").asText();
    }
}
