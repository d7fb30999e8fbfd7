package dev.ibench.activities.ablation;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.ablation.ToolkitExpansion;
import dev.ibench.core.campaign.ParaphraseSettings;
import dev.ibench.core.campaign.ToolkitExpansionSettings;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The identity of an ablation's material for one sample: SHA-256 of the ablation, the generator model, the effective
 * settings and what of the sample the material depends on (id, question; for expansion its gold tools). The results
 * store keeps one outcome per key, so the same material is never paid for twice.
 */
public final class GenerationKey {
    /** Bump when a prompt or the decision changes, so old material is not reused for the new one. */
    static final int VERSION = 1;

    private GenerationKey() {}

    public static String paraphrase(EvalSample sample, ParaphraseSettings settings) {
        Map<String, Object> identity = base("paraphrase", sample);
        identity.put("generator", settings.model());
        identity.put("min_similarity", settings.minSimilarityOrDefault());
        return hash(identity);
    }

    public static String expansion(EvalSample sample, ToolkitExpansionSettings settings) {
        Map<String, Object> identity = base("toolkit_expansion", sample);
        identity.put("gold_tools", ToolkitExpansion.goldTools(sample));
        identity.put("own_tools", sample.tools().stream().map(t -> String.valueOf(t.get("name"))).sorted().toList());
        identity.put("generator", settings.model());
        identity.put("tools_per_gold_tool", settings.toolsPerGoldToolOrDefault());
        identity.put("min_similarity", settings.minSimilarityOrDefault());
        identity.put("max_similarity", settings.maxSimilarityOrDefault());
        return hash(identity);
    }

    private static Map<String, Object> base(String ablation, EvalSample sample) {
        Map<String, Object> identity = new LinkedHashMap<>();
        identity.put("version", VERSION);
        identity.put("ablation", ablation);
        identity.put("sample_id", sample.sampleId());
        identity.put("input", sample.input());
        return identity;
    }

    private static String hash(Map<String, Object> identity) {
        try {
            byte[] json = Json.MAPPER.writeValueAsBytes(identity);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot hash an ablation generation key", e);
        }
    }
}
