package dev.ibench.core.campaign;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The sampling seed of one trial of one sample: derived from the campaign seed, the sample id and the trial index, so
 * trials of a sample sample independently and a re-run of the same campaign samples the same way. A non-negative
 * 31-bit value, which every server accepts (llama.cpp takes an int).
 */
public final class TrialSeed {
    private TrialSeed() {}

    public static long of(long campaignSeed, String sampleId, int trial) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(ByteBuffer.allocate(Long.BYTES).putLong(campaignSeed).array());
            sha.update(sampleId.getBytes(StandardCharsets.UTF_8));
            sha.update(ByteBuffer.allocate(Integer.BYTES).putInt(trial).array());
            return ByteBuffer.wrap(sha.digest()).getInt() & 0x7fffffffL;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
