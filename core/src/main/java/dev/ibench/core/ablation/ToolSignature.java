package dev.ibench.core.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tool's "signature" (seed 004 section 2.2 and appendix 7.3): its name and description, then each parameter's name
 * and description, as one text to embed. Written tools are compared with their gold tool by these texts.
 */
public final class ToolSignature {
    private ToolSignature() {}

    /** {@code name: description; arg: description; ...} in either spec layout (OpenAI {@code parameters} or the seed's {@code arguments}). */
    public static String of(Map<String, Object> tool) {
        List<String> parts = new ArrayList<>();
        parts.add(tool.get("name") + ": " + text(tool.get("description")));
        ObfuscationMap.argumentSpecs(tool).forEach((name, spec) ->
                parts.add(name + ": " + (spec instanceof Map<?, ?> m ? text(m.get("description")) : "")));
        return String.join("; ", parts);
    }

    private static String text(Object value) {
        return value == null ? "" : String.valueOf(value).strip();
    }
}
