package dev.ibench.activities.artifact;

/** The bytes fetched for a hash do not have that hash: the store's copy is damaged. Never used, never cached. */
public final class ArtifactIntegrityException extends RuntimeException {
    public ArtifactIntegrityException(ArtifactHash expected, ArtifactHash actual, String store) {
        super("artifact " + expected + " fetched from " + store + " has SHA-256 " + actual.hex() + ": the stored copy is damaged");
    }
}
