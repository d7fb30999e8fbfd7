package dev.ibench.workers.campaign;

import dev.ibench.activities.artifact.ArtifactStore;
import dev.ibench.activities.artifact.DatabaseArtifactStore;
import dev.ibench.activities.artifact.DirectoryArtifactStore;
import dev.ibench.activities.store.ResultsDatabase;
import java.nio.file.Path;

/**
 * The setting that chooses where artifacts live (docs/artifacts.md): {@code $IBENCH_ARTIFACTS} (or the system
 * property {@value #PROPERTY}), unset or {@code store} for the results database ({@link DatabaseArtifactStore}, the
 * default: workers need no address but the store's), or {@code dir:PATH} for a folder every machine mounts
 * ({@link DirectoryArtifactStore}). S3-compatible buckets are not built: an {@code s3://} value is refused.
 */
public final class ArtifactSetting {
    public static final String VARIABLE = "IBENCH_ARTIFACTS";
    public static final String PROPERTY = "ibench.artifacts";

    private ArtifactSetting() {}

    public static ArtifactStore resolve(ResultsDatabase database) {
        String value = System.getProperty(PROPERTY);
        String source = "system property " + PROPERTY;
        if (value == null || value.isBlank()) {
            value = System.getenv(VARIABLE);
            source = VARIABLE;
        }
        return parse(value, source, database);
    }

    static ArtifactStore parse(String value, String source, ResultsDatabase database) {
        if (value == null || value.isBlank() || value.equals("store")) {
            return new DatabaseArtifactStore(database);
        }
        if (value.startsWith("dir:") && value.length() > 4) {
            return new DirectoryArtifactStore(Path.of(value.substring(4)));
        }
        if (value.startsWith("s3://") || value.startsWith("s3:")) {
            throw new IllegalArgumentException(source + "=" + value + ": S3-compatible buckets are not supported yet; use "
                    + "'store' (the results database, the default) or 'dir:PATH' (see docs/artifacts.md)");
        }
        throw new IllegalArgumentException(source + "=" + value + ": expected 'store' (the results database, the default) or "
                + "'dir:PATH' (a folder every worker mounts)");
    }
}
