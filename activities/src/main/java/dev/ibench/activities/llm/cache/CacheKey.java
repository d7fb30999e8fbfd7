package dev.ibench.activities.llm.cache;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.core.json.Json;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Key of the response cache: SHA-256 over canonical JSON (map keys sorted) of endpoint, model, the raw
 * prompt or the messages, the native tools, the decoding settings (seed included) and the trial index. Credentials are
 * never part of it.
 */
public final class CacheKey {
    private static final ObjectMapper CANONICAL = Json.MAPPER.copy().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private CacheKey() {}

    public static String of(String endpoint, ModelRequest request) {
        ObjectNode key = CANONICAL.createObjectNode();
        key.put("endpoint", endpoint);
        key.put("model", request.model());
        if (request.prompt().isRaw()) {
            key.put("prompt", request.prompt().text());
        } else {
            key.set("messages", CANONICAL.valueToTree(request.prompt().messages()));
        }
        key.set("tools", CANONICAL.valueToTree(request.prompt().tools()));
        key.set("decoding", CANONICAL.valueToTree(request.decoding()));
        key.put("trial", request.trial());
        try {
            byte[] canonical = CANONICAL.writeValueAsBytes(CANONICAL.treeToValue(key, Object.class));
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot compute cache key", e);
        }
    }

}
