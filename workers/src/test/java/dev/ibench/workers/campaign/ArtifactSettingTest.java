package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.artifact.DatabaseArtifactStore;
import dev.ibench.activities.artifact.DirectoryArtifactStore;
import dev.ibench.activities.store.ResultsDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** IBENCH_ARTIFACTS: the results database by default, a directory on request, S3 and anything else refused by name. */
class ArtifactSettingTest {
    @TempDir Path dir;

    @Test
    void theDefaultIsTheResultsDatabaseAndDirSelectsAFolder() {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            assertThat(ArtifactSetting.parse(null, "IBENCH_ARTIFACTS", db)).isInstanceOf(DatabaseArtifactStore.class);
            assertThat(ArtifactSetting.parse("store", "IBENCH_ARTIFACTS", db)).isInstanceOf(DatabaseArtifactStore.class);
            assertThat(ArtifactSetting.parse("dir:" + dir.resolve("a"), "IBENCH_ARTIFACTS", db))
                    .isInstanceOf(DirectoryArtifactStore.class)
                    .extracting(s -> s.description()).asString().contains(dir.resolve("a").toString());
        }
    }

    @Test
    void s3AndUnknownValuesAreRefusedNamingTheSetting() {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            assertThatThrownBy(() -> ArtifactSetting.parse("s3://bucket/ibench", "IBENCH_ARTIFACTS", db))
                    .hasMessageContaining("IBENCH_ARTIFACTS=s3://bucket/ibench").hasMessageContaining("not supported");
            assertThatThrownBy(() -> ArtifactSetting.parse("/some/folder", "IBENCH_ARTIFACTS", db))
                    .hasMessageContaining("IBENCH_ARTIFACTS=/some/folder").hasMessageContaining("dir:PATH");
        }
    }
}
