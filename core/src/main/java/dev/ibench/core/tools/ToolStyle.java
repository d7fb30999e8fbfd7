package dev.ibench.core.tools;

/** The seed's tool styles the builder emits: SLOT (generic tools with categorical slots) and SEL (slots bound into tool names). */
public enum ToolStyle {
    SLOT, SEL;

    public static ToolStyle parse(String s) {
        return valueOf(s.trim().toUpperCase(java.util.Locale.ROOT));
    }
}
