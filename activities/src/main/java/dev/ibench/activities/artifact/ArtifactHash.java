package dev.ibench.activities.artifact;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** The SHA-256 of an artifact's bytes; written {@code sha256:<64 lowercase hex digits>} wherever it is referenced. */
public record ArtifactHash(String hex) {
    public static final String PREFIX = "sha256:";
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    public ArtifactHash {
        if (hex == null || !HEX.matcher(hex).matches()) {
            throw new IllegalArgumentException("not a SHA-256 (64 lowercase hex digits): '" + hex + "'");
        }
    }

    /** Whether a reference names an artifact ({@code sha256:...}) rather than a local path. */
    public static boolean isReference(String reference) {
        return reference != null && reference.startsWith(PREFIX);
    }

    /** Parses {@code sha256:<hex>}; anything else is an error naming the value. */
    public static ArtifactHash parse(String reference) {
        if (!isReference(reference)) {
            throw new IllegalArgumentException("not an artifact reference (sha256:<hex>): '" + reference + "'");
        }
        return new ArtifactHash(reference.substring(PREFIX.length()));
    }

    /** The hash of a file's bytes, read as a stream. */
    public static ArtifactHash of(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = newDigest();
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return of(digest);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " to hash it", e);
        }
    }

    public static ArtifactHash of(MessageDigest digest) {
        return new ArtifactHash(HexFormat.of().formatHex(digest.digest()));
    }

    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return PREFIX + hex;
    }
}
