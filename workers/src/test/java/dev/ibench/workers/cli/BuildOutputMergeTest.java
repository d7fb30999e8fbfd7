package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.testing.BundledData;
import dev.ibench.workers.campaign.StoreSetting;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several builds into one {@code --out} folder add up: {@code coverage.json} and {@code artifacts.json} hold every
 * build's entries (the same coverage as one build of all styles), and a {@code rest} block written by an earlier REST
 * build survives a later SLOT build. An {@code --out} that is a file and an unknown style are refused with exit 2.
 */
class BuildOutputMergeTest {
    @TempDir Path tmp;

    @BeforeEach
    void store() {
        System.setProperty(StoreSetting.PROPERTY, tmp.resolve("results.db").toString());
    }

    @AfterEach
    void clear() {
        System.clearProperty(StoreSetting.PROPERTY);
    }

    private static CliRun build(Path out, String dbs, String styles) {
        return CliRun.capturing("build", "--source", "spider", "--root", BundledData.root().resolve("spider").toString(), "--db", dbs,
                "--style", styles, "--mode", "extended", "--out", out.toString());
    }

    private static JsonNode json(Path file) throws Exception {
        return Json.MAPPER.readTree(file.toFile());
    }

    @Test
    void slotThenSelIntoOneFolderKeepsBothAsOneBuildOfBothWould() throws Exception {
        Path split = tmp.resolve("split");
        assertThat(build(split, "singer", "slot").exit()).isZero();
        // an earlier REST build's block and counts, as RestBuild writes them
        ObjectNode withRest = (ObjectNode) json(split.resolve("coverage.json"));
        withRest.putObject("rest").put("endpoints", 7);
        ((ObjectNode) withRest.get("by_style")).putObject("rest").putObject("by_db").putObject("singer")
                .put("questions", 30).put("in_scope", 12).put("verified", 11).putObject("by_reason").put("answer_mismatch", 1);
        Json.MAPPER.writeValue(split.resolve("coverage.json").toFile(), withRest);
        assertThat(build(split, "singer", "sel").exit()).isZero();

        Path together = tmp.resolve("together");
        assertThat(build(together, "singer", "slot,sel").exit()).isZero();

        JsonNode merged = json(split.resolve("coverage.json"));
        JsonNode once = json(together.resolve("coverage.json"));
        assertThat(merged.get("by_style").get("slot")).isEqualTo(once.get("by_style").get("slot"));
        assertThat(merged.get("by_style").get("sel")).isEqualTo(once.get("by_style").get("sel"));
        assertThat(merged.get("questions")).isEqualTo(once.get("questions"));
        assertThat(merged.get("verified")).isEqualTo(once.get("verified"));
        assertThat(merged.get("rest").get("endpoints").asInt()).isEqualTo(7);
        assertThat(merged.get("by_style").get("rest").get("verified").asInt()).isEqualTo(11);
        assertThat(merged.get("by_style").get("rest").get("by_db").get("singer").get("by_reason").get("answer_mismatch").asInt()).isEqualTo(1);

        assertThat(json(split.resolve("artifacts.json")).fieldNames()).toIterable()
                .containsExactly("spider-singer-sel.json", "spider-singer-slot.json");
        assertThat(json(split.resolve("artifacts.json"))).isEqualTo(json(together.resolve("artifacts.json")));
    }

    @Test
    void aSecondDatabaseAddsToTheFirstsCounts() throws Exception {
        Path out = tmp.resolve("out");
        assertThat(build(out, "singer", "slot").exit()).isZero();
        int singer = json(out.resolve("coverage.json")).get("questions").asInt();
        assertThat(build(out, "concert_singer", "slot").exit()).isZero();
        JsonNode cov = json(out.resolve("coverage.json"));
        int concert = cov.get("by_db").get("concert_singer").get("questions").asInt();
        assertThat(cov.get("by_db").get("singer").get("questions").asInt()).isEqualTo(singer);
        assertThat(cov.get("questions").asInt()).isEqualTo(singer + concert);
        // rebuilding a database replaces its counts instead of adding them twice
        assertThat(build(out, "singer", "slot").exit()).isZero();
        assertThat(json(out.resolve("coverage.json")).get("questions").asInt()).isEqualTo(singer + concert);
    }

    @Test
    void anOutThatIsAFileIsRefusedClearly() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "mine");
        CliRun r = build(file, "singer", "slot");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--out " + file + " is a file; give a folder").doesNotContain("FileAlreadyExistsException");
        assertThat(Files.readString(file)).isEqualTo("mine");
    }

    @Test
    void anUnknownStyleListsEveryValidOneIncludingRest() {
        CliRun r = build(tmp.resolve("o"), "singer", "slot,evil");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unknown style 'evil' (expected slot, sel, rest)");
        assertThat(tmp.resolve("o")).doesNotExist();
    }
}
