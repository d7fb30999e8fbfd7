package dev.ibench.workers.cli;

import dev.ibench.activities.artifact.ArtifactCache;
import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactStore;
import dev.ibench.activities.artifact.DatabaseArtifactStore;
import dev.ibench.activities.artifact.EvalSetArtifacts;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BuildVerifyCommandTest {
    @TempDir
    Path tmp;

    private static Path data() {
        return Files.isDirectory(Path.of("data/bird")) ? Path.of("data") : Path.of("../data");
    }

    @Test
    void buildsASpiderDatabaseAndVerifiesItCompletely() throws Exception {
        Path out = tmp.resolve("out");
        System.setProperty("ibench.store", tmp.resolve("results.db").toString());
        int build;
        try {
            build = new CommandLine(new IbenchCli()).execute("build", "--source", "spider", "--root", data().resolve("spider").toString(),
                    "--db", "singer", "--style", "slot,sel", "--mode", "extended", "--out", out.toString());
        } finally {
            System.clearProperty("ibench.store");
        }
        assertThat(build).isZero();
        JsonNode artifacts = Json.MAPPER.readTree(out.resolve("artifacts.json").toFile());
        assertThat(artifacts.fieldNames()).toIterable().containsExactly("spider-singer-sel.json", "spider-singer-slot.json");
        try (ResultsDatabase db = ResultsDatabase.open(tmp.resolve("results.db"))) {
            ArtifactStore store = new DatabaseArtifactStore(db);
            for (JsonNode ref : artifacts) {
                assertThat(store.contains(ArtifactHash.parse(ref.asText()))).as(ref.asText()).isTrue();
            }
            Path elsewhere = new EvalSetArtifacts(new ArtifactCache(store, tmp.resolve("b/cache")), tmp.resolve("b/sets"))
                    .localPath(artifacts.get("spider-singer-slot.json").asText());
            assertThat(EvalSetReader.read(elsewhere)).extracting(EvalSample::sampleId)
                    .isEqualTo(EvalSetReader.read(out.resolve("spider-singer-slot.json")).stream().map(EvalSample::sampleId).toList());
        }
        JsonNode cov = Json.MAPPER.readTree(out.resolve("coverage.json").toFile());
        assertThat(cov.get("questions").asInt()).isEqualTo(30);
        assertThat(cov.get("verified").asInt()).isGreaterThan(20);
        assertThat(cov.get("by_db").has("singer")).isTrue();
        assertThat(out.resolve("spider-singer-slot.json")).exists();
        assertThat(out.resolve("spider-singer-sel.json")).exists();

        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true));
        int verify;
        try {
            verify = new CommandLine(new IbenchCli()).execute("verify", out.toString(), "--json");
        } finally {
            System.setOut(old);
        }
        assertThat(verify).isZero();
        JsonNode v = Json.MAPPER.readTree(buf.toString());
        assertThat(v.get("agreement").asDouble()).isEqualTo(1.0);
        assertThat(v.get("samples").asInt()).isGreaterThan(40);
    }

    @Test
    void rejectsUnknownModeWithAClearMessage() {
        int code = new CommandLine(new IbenchCli()).execute("build", "--source", "bird", "--root", "x", "--mode", "fancy", "--out", tmp.toString());
        assertThat(code).isEqualTo(2);
    }
}
