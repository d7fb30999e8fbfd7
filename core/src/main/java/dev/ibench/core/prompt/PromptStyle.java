package dev.ibench.core.prompt;

import java.util.Locale;

/**
 * Benchmark style a prompt is rendered for. SLOT and SEL share the seed's F.1 templates
 * (with their own ICL files); REST uses F.2 without ICL; REACT uses G.1; NESTFUL (seed 003) uses F.1 adapted
 * to NESTful's labels, with NESTful's ICL examples; BFCL uses BFCL's own zero-shot system prompt (Python call syntax) in
 * each family's chat layout, or, in tools mode, BFCL's function-calling setup (the question alone, tools native).
 */
public enum PromptStyle {
    SLOT("slot-sel"),
    SEL("slot-sel"),
    REST("rest"),
    REACT("react"),
    NESTFUL("nestful"),
    BFCL("bfcl"),
    SQL("sql");

    private final String templateDir;

    PromptStyle(String templateDir) {
        this.templateDir = templateDir;
    }

    /** Folder under {@code prompts/} holding this style's per-family templates. */
    public String templateDir() {
        return templateDir;
    }

    public static PromptStyle parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("unknown prompt style '" + text + "' (expected slot, sel, rest, react, nestful, bfcl or sql)");
        }
    }
}
