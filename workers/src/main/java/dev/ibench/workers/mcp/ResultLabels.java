package dev.ibench.workers.mcp;

import dev.ibench.activities.mcp.IbenchMcpProtocol;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.LabelStore;
import dev.ibench.core.sample.EvalSample;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The result labels a client names in {@code _meta["ibench/label"]} for one started sample. The server keeps every
 * labelled value until the next {@code start_sample}, so a label is at most {@link #MAX_CHARS} characters, a sample
 * takes at most {@link #MAX_LABELS} different ones, a label may not replace one of the sample's starting tables
 * ({@code starting_table_var} and the extended mode's additional tables), and it may not hold control, line-break or
 * bidirectional formatting characters (they would reorder or split the labels shown in observations and reports).
 */
final class ResultLabels {
    static final int MAX_CHARS = 128;
    static final int MAX_LABELS = 64;

    private final Set<String> reserved = new HashSet<>();
    private final Set<String> admitted = new HashSet<>();

    ResultLabels(EvalSample sample) {
        reserved.add(InitializationStep.STARTING_LABEL);
        Map<String, Object> init = sample.initializationStep();
        if (init == null) return;
        if (init.get("label") instanceof String main) reserved.add(main);
        if (init.get("additional_tables") instanceof List<?> extra) {
            for (Object table : extra) {
                if (table instanceof Map<?, ?> m && m.get("label") instanceof String label) reserved.add(label);
            }
        }
    }

    /** Null when {@code label} may be used (it is then counted), else the reason it is refused. */
    String admit(String label) {
        String meta = "_meta \"" + IbenchMcpProtocol.LABEL_META + "\"";
        if (label.length() > MAX_CHARS) {
            return meta + " is " + label.length() + " characters; at most " + MAX_CHARS + " are accepted";
        }
        int bad = label.codePoints().filter(ResultLabels::unprintable).findFirst().orElse(-1);
        if (bad >= 0) {
            return meta + " holds the control or formatting character U+" + String.format("%04X", bad)
                    + "; use letters, digits and punctuation";
        }
        String bare = LabelStore.isReference(label) ? label.substring(1, label.length() - 1) : label;
        if (reserved.contains(bare)) {
            return meta + " '" + label + "' names one of the sample's starting tables; choose another label";
        }
        if (!admitted.contains(bare) && admitted.size() >= MAX_LABELS) {
            return meta + ": this sample already has " + MAX_LABELS + " different labels, the server's limit; reuse a label "
                    + "or call start_sample to begin again";
        }
        admitted.add(bare);
        return null;
    }

    private static boolean unprintable(int c) {
        int type = Character.getType(c);
        return Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE;
    }
}
