package dev.ibench.core.parse;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named parser chains a model profile can select ({@code parser: default} etc.).
 * <ul>
 *   <li>{@code default}: xml_tool_call, fenced_code_block, json, json_lines, python_call, python_literal;</li>
 *   <li>{@code json}: json, json_lines only (the seed authors' two-step JSON/JSON Lines parsing);</li>
 *   <li>{@code bfcl}: python_call first (BFCL prompt format), then json, json_lines.</li>
 * </ul>
 */
public final class ParserChains {
    public static final String DEFAULT = "default";

    private static final Map<String, List<ParseStage>> CHAINS = Map.of(
            DEFAULT, List.of(new XmlToolCallStage(), new FencedCodeBlockStage(), new JsonStage(), new JsonLinesStage(),
                    new PythonCallStage(), new PythonLiteralStage()),
            "json", List.of(new JsonStage(), new JsonLinesStage()),
            "bfcl", List.of(new PythonCallStage(), new JsonStage(), new JsonLinesStage()));

    private ParserChains() {}

    public static Set<String> names() {
        return CHAINS.keySet();
    }

    /** @throws IllegalArgumentException naming the known chains when {@code name} is unknown */
    public static ParserChain named(String name) {
        List<ParseStage> stages = CHAINS.get(name == null ? DEFAULT : name);
        if (stages == null) {
            throw new IllegalArgumentException("unknown parser chain '" + name + "'; known: " + CHAINS.keySet());
        }
        return new ParserChain(name == null ? DEFAULT : name, stages);
    }

    public static ParserChain defaultChain() {
        return named(DEFAULT);
    }
}
