package dev.ibench.workers.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.testing.BundledData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45 B3 and B4: a build into an --out folder that another build is writing into is refused with a sentence
 * (before, both exited 0 and coverage.json and artifacts.json kept one run's entries); a build never writes through
 * a link planted in --out (before, a link named like the eval set overwrote its target outside --out, and a linked
 * coverage.json created a file in another folder).
 */
class BuildOutputFolderSafetyTest {
    @TempDir Path dir;

    private BuildRequest superheroSlot(Path out) {
        return BuildRequest.of("bird", BundledData.root().resolve("bird"), "superhero", "slot", "paper", out, BundledData.root(),
                () -> null, false, false);
    }

    private static BenchmarkBuild quietBuild() {
        return new BenchmarkBuild(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    void aBuildIntoAFolderAnotherBuildIsWritingIsRefusedNamingTheFolder() throws Exception {
        Path out = dir.resolve("out");
        Object inProgress = BuildOutputFolder.open(out, "bird", "paper"); // a build under way in this folder
        try {
            assertThatThrownBy(() -> quietBuild().run(superheroSlot(out)))
                    .isInstanceOf(BuildInputException.class)
                    .hasMessageContaining("another ibench build is writing into " + out)
                    .hasMessageContaining("wait for it to end");
            assertThat(out.resolve("bird-superhero-slot.json")).doesNotExist();
        } finally {
            if (inProgress instanceof AutoCloseable held) {
                held.close();
            }
        }
        Object again = BuildOutputFolder.open(out, "bird", "paper");
        if (again instanceof AutoCloseable held) {
            held.close();
        }
    }

    @Test
    void linksPlantedInTheOutFolderAreReplacedNotWrittenThrough() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path victim = Files.writeString(outside.resolve("victim.txt"), "keep me");
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.createSymbolicLink(out.resolve("bird-superhero-slot.json"), victim);
        Files.createSymbolicLink(out.resolve("coverage.json"), elsewhere.resolve("coverage.json"));

        quietBuild().run(superheroSlot(out));

        assertThat(Files.readString(victim)).isEqualTo("keep me");
        assertThat(elsewhere.resolve("coverage.json")).doesNotExist();
        assertThat(Files.isSymbolicLink(out.resolve("bird-superhero-slot.json"))).isFalse();
        assertThat(Files.readString(out.resolve("bird-superhero-slot.json"))).contains("\"sample_id\"");
        assertThat(Files.isSymbolicLink(out.resolve("coverage.json"))).isFalse();
        assertThat(Files.readString(out.resolve("coverage.json"))).contains("\"by_db\"");
        try (var files = Files.list(out)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.endsWith(".part"));
        }
    }
}
