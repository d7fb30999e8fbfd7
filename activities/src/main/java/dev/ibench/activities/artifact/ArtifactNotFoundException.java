package dev.ibench.activities.artifact;

/** An artifact referenced by hash is not in the artifact store: the reference is from another store, or it was never stored. */
public final class ArtifactNotFoundException extends RuntimeException {
    public ArtifactNotFoundException(ArtifactHash hash, String store) {
        super("artifact " + hash + " is not in " + store
                + " (was the campaign started against another store? workers and `campaign start` must share IBENCH_STORE and IBENCH_ARTIFACTS)");
    }
}
