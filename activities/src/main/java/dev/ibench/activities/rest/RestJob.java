package dev.ibench.activities.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 *
 * <p>{@code dataset} is the artifact reference ({@code sha256:...}) of the database's {@link RestDatasetBundle}:
 * workers read the questions and the SQLite file from the artifact store and publish the outputs as artifacts, so
 * {@code datasetRoot}, {@code dataRoot} and {@code outDir} are null. Jobs recorded before it (dataset null) read the
 * dataset at {@code datasetRoot} and write into {@code outDir} as before; the field is left out of their JSON, so
 * their fingerprint, work id and workflow id are unchanged.
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
        Integer questionLimit,
        @JsonInclude(JsonInclude.Include.NON_NULL) String dataset) {

    /** A job that reads the dataset at {@code datasetRoot} and publishes into {@code outDir} (before artifacts). */
    public RestJob(String source, String datasetRoot, String dataRoot, String dbId, String outDir, String mode, String codegenProfile,
                   String judgeProfile, int maxAttempts, boolean deterministicFirst, Double nearDuplicateThreshold, Integer questionLimit) {
        this(source, datasetRoot, dataRoot, dbId, outDir, mode, codegenProfile, judgeProfile, maxAttempts, deterministicFirst,
                nearDuplicateThreshold, questionLimit, null);
    }

    /** A job whose dataset is the artifact {@code dataset} and whose outputs are published as artifacts. */
    public static RestJob ofArtifacts(String source, String dbId, String dataset, String mode, String codegenProfile, String judgeProfile,
                                        int maxAttempts, boolean deterministicFirst, Double nearDuplicateThreshold, Integer questionLimit) {
        return new RestJob(source, null, null, dbId, null, mode, codegenProfile, judgeProfile, maxAttempts, deterministicFirst,
                nearDuplicateThreshold, questionLimit, dataset);
    }

    /** Whether the dataset comes from the artifact store and the outputs go there. */
    public boolean usesArtifacts() {
        return dataset != null;
    }

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
