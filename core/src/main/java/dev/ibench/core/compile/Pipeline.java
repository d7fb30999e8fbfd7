package dev.ibench.core.compile;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The data flow of one SELECT being compiled: the label of the current table and the transforms applied
 * to its keys (a key transformed in place may not be read raw afterwards).
 */
final class Pipeline {
    final Scope scope;
    final CallSink sink;
    String current;
    private final Map<String, String> transforms = new HashMap<>();
    private final Set<String> rawUses = new HashSet<>();
    /** Keys already added by compute_column on this pipeline. */
    final Set<String> computed = new HashSet<>();

    Pipeline(Scope scope, CallSink sink, String startLabel) {
        this.scope = scope;
        this.sink = sink;
        this.current = startLabel;
    }

    /** Records a raw read of a key; fails when the key was transformed in place before. */
    String raw(String key) throws UnsupportedQueryException {
        if (transforms.containsKey(key)) {
            throw new UnsupportedQueryException("transformed_column_reused", key + " is read raw after " + transforms.get(key));
        }
        rawUses.add(key);
        return key;
    }

    /** Emits (or reuses) an in-place transform of a key. */
    String transform(String key, String operation, Map<String, Object> operationArgs) throws UnsupportedQueryException {
        String signature = operation + operationArgs;
        String previous = transforms.get(key);
        if (previous != null) {
            if (previous.equals(signature)) return key;
            throw new UnsupportedQueryException("conflicting_transforms", key + ": " + previous + " vs " + signature);
        }
        if (rawUses.contains(key)) {
            // Earlier raw reads already ran on the untransformed table; later ones are guarded by raw().
        }
        transforms.put(key, signature);
        current = sink.add("transform_data", "TRANSFORMED_DF",
                "data_source", CallSink.ref(current), "key_name", key, "operation_type", operation,
                "operation_args", new LinkedHashMap<>(operationArgs));
        return key;
    }
}
