package dev.ibench.activities.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One database's REST generation: where the questions and the database are, where the outputs go, and how to
 * generate. {@code codegenProfile} null means the deterministic generator alone; {@code judgeProfile} null means no
 * LLM judge (format differences stay mismatches). {@code maxAttempts} is the number of code-gen attempts (the
 * first plus retries with the verdict fed back); {@code deterministicFirst} tries the deterministic generator
 * before the model instead of after it. {@code nearDuplicateThreshold} null turns the embedding near-duplicate
 * check off; {@code questionLimit} null means every question of the database.
 */
public record RestJob(
        String source,
        String datasetRoot,
        String dataRoot,
        String dbId,
        String outDir,
        String mode,
        String codegenProfile,
        String judgeProfile,
        int maxAttempts,
        boolean deterministicFirst,
        Double nearDuplicateThreshold,
        Integer questionLimit) {

    /** Code-gen attempts by the model (0 without a code-gen model). */
    public int modelAttempts() {
        return codegenProfile == null ? 0 : maxAttempts;
    }

    /**
     * A short hash of everything that decides the outputs: it names the work folder, so a re-run of the same job
     * reuses every finished step and a changed job never sees another's artifacts.
     */
    public String fingerprint() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Json.MAPPER.writeValueAsString(this).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException | JsonProcessingException e) {
            throw new IllegalStateException("cannot fingerprint the REST job", e);
        }
    }
}
