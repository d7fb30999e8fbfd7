package dev.ibench.core.tools;

import java.util.List;
import java.util.Set;

/**
 * One tool operation declared once: its SLOT name, description and parameters, the styles it appears in,
 * whether it belongs to the paper's tool set, and how its SEL variants are derived (null: the SEL tool is
 * the same as the SLOT tool).
 */
public record ToolDeclaration(
        String name,
        String description,
        List<ParamDeclaration> params,
        Set<ToolStyle> styles,
        boolean paper,
        SelBinding sel) {

    public ToolDeclaration {
        params = List.copyOf(params);
        styles = Set.copyOf(styles);
    }

    public ParamDeclaration param(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    public boolean availableIn(BuildMode mode) {
        return paper || mode == BuildMode.EXTENDED;
    }
}
