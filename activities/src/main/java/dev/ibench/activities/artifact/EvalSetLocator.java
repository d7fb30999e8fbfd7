package dev.ibench.activities.artifact;

import java.nio.file.Path;

/**
 * Turns the eval-set reference a campaign record holds into a local file: an artifact reference
 * ({@code sha256:...}) is fetched and unpacked by {@link EvalSetArtifacts}; a path (campaigns recorded before
 * artifacts, or with artifacts off) is used as it is.
 */
@FunctionalInterface
public interface EvalSetLocator {
    /** Paths only: an artifact reference is an error saying this process has no artifact store. */
    EvalSetLocator PATHS_ONLY = evalSet -> {
        if (ArtifactHash.isReference(evalSet)) {
            throw new IllegalArgumentException("eval set " + evalSet + " is an artifact reference, and this process has no artifact store");
        }
        return Path.of(evalSet);
    };

    Path localPath(String evalSet);
}
