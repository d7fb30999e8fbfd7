package dev.ibench.core.parse;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named parser chains a model profile can select ({@code parser: default} etc.).
 * <ul>
 *   <li>{@code default}: qwen3_coder_xml, glm_arg_key, invoke_xml, kimi_tool_calls, kimi_k3_calls, marked_json_list, gemma4_call, xml_tool_call, harmony,
 *   deepseek_tool_calls, deepseek_dsml, mistral_args, function_tag, fenced_code_block, json, json_lines, llama_json, python_call,
 *   python_literal, functionary_v32;</li>
 *   <li>{@code json}: json, json_lines only (the seed authors' two-step JSON/JSON Lines parsing);</li>
 *   <li>{@code bfcl}: python_call first (BFCL prompt format), then json, json_lines;</li>
 *   <li>{@code ibm-reference}: the seed authors' scorer's decisions ({@link IbmReferenceStage}), on the output as
 *   written (no special tokens removed);</li>
 *   <li>{@code ibm-reference-rest-FAMILY}: their single-intent (REST) parser for one model family.</li>
 * </ul>
 * The reference scorer reads reasoning as written; for a profile whose family is a reasoning family
 * ({@link #REASONING_FAMILIES}) or whose prompt ends inside thinking, the ibm-reference chains take it out first
 * ({@link #forProfile(List, String, boolean)}), as every other chain always does.
 */
public final class ParserChains {
    public static final String DEFAULT = "default";
    public static final String IBM_REFERENCE = "ibm-reference";
    /** Template families whose models write their reasoning inline, before the answer. */
    public static final Set<String> REASONING_FAMILIES = Set.of("qwen3", "deepseek-r1", "gpt-oss", "kimi-k2", "glm-4.6", "glm-4.7", "minimax-m2",
            "seed-oss", "ministral-3", "command-r7b", "gemma4");

    private static final Map<String, List<ParseStage>> CHAINS = Map.of(
            DEFAULT, List.of(new Qwen3CoderXmlStage(), new GlmArgKeyStage(), new InvokeXmlStage(), new KimiToolCallStage(), new KimiK3CallStage(),
                    new MarkedJsonListStage(), new Gemma4CallStage(), new XmlToolCallStage(), new HarmonyStage(), new DeepSeekToolCallStage(), new DeepSeekDsmlStage(),
                    new MistralArgsStage(), new FunctionTagStage(),
                    new FencedCodeBlockStage(),
                    new JsonStage(), new JsonLinesStage(), new LlamaJsonStage(), new PythonCallStage(), new PythonLiteralStage(),
                    new FunctionaryV32Stage()),
            "json", List.of(new JsonStage(), new JsonLinesStage()),
            "bfcl", List.of(new PythonCallStage(), new JsonStage(), new JsonLinesStage()),
            IBM_REFERENCE, List.of(new IbmReferenceStage()));

    /** The reference's REST parsers, chosen there by the model's name ({@code scoring_helper_rest.py}). */
    private static final Map<String, ParseStage> REFERENCE_REST = Map.of(
            "ibm-reference-rest-llama", new ReferenceRestCallListStage(), "ibm-reference-rest-mixtral", new ReferenceRestJsonListStage(),
            "ibm-reference-rest-deepseek", ReferenceRestFencedStage.deepSeek(), "ibm-reference-rest-gpt", ReferenceRestFencedStage.gpt(),
            "ibm-reference-rest-hammer", ReferenceRestFencedStage.hammer(), "ibm-reference-rest-qwen", new ReferenceRestQwenStage(),
            "ibm-reference-rest-other", new ReferenceRestToolCallStage());

    private ParserChains() {}

    public static Set<String> names() {
        Set<String> names = new java.util.TreeSet<>(CHAINS.keySet());
        names.addAll(REFERENCE_REST.keySet());
        return names;
    }

    /** @throws IllegalArgumentException naming the known chains when {@code name} is unknown */
    public static ParserChain named(String name) {
        if (name != null && REFERENCE_REST.containsKey(name)) {
            return new ParserChain(name, List.of(REFERENCE_REST.get(name)), false);
        }
        List<ParseStage> stages = CHAINS.get(name == null ? DEFAULT : name);
        if (stages == null) {
            throw new IllegalArgumentException("unknown parser chain '" + name + "'; known: " + names());
        }
        return new ParserChain(name == null ? DEFAULT : name, stages, !IBM_REFERENCE.equals(name));
    }

    /**
     * The chain a model profile's {@code parser} list names: either one chain name ({@code [default]}) or stage
     * names in order. Aliases: {@code python_ast} is {@code python_call}; {@code native_tool_calls} is
     * {@code json}, because native tool calls are stored as a JSON call list (docs/output-parsing.md).
     *
     * @throws IllegalArgumentException naming the known stages when a name is unknown
     */
    public static ParserChain forProfile(List<String> names) {
        if (names == null || names.isEmpty()) {
            return defaultChain();
        }
        if (names.size() == 1 && names().contains(names.get(0))) {
            return named(names.get(0));
        }
        java.util.LinkedHashMap<String, ParseStage> stages = new java.util.LinkedHashMap<>();
        for (String name : names) {
            ParseStage stage = STAGES.get(ALIASES.getOrDefault(name, name));
            if (stage == null) {
                throw new IllegalArgumentException("unknown parser stage '" + name + "'; known: " + STAGES.keySet()
                        + " and aliases " + ALIASES.keySet());
            }
            stages.putIfAbsent(stage.name(), stage);
        }
        return new ParserChain(String.join("+", stages.keySet()), List.copyOf(stages.values()));
    }

    /**
     * The chain of a model profile: its {@code parser} list ({@link #forProfile(List)}), reading reasoning as the profile
     * says: an ibm-reference chain takes reasoning out when the {@code family} is a reasoning family or the prompt ends
     * inside thinking; {@code promptOpensThinking} (the profile's {@code prompt_ends_in_thinking}) makes an output that
     * closes no thinking block reasoning up to its first call block. (Profile fields, not the profile: the prompt
     * package depends on this one.)
     */
    public static ParserChain forProfile(List<String> parser, String family, boolean promptOpensThinking) {
        ParserChain chain = forProfile(parser);
        boolean referenceChainOfAReasoningFamily = !chain.separatesReasoning() && REASONING_FAMILIES.contains(family);
        return promptOpensThinking || referenceChainOfAReasoningFamily ? chain.separatingReasoning(promptOpensThinking) : chain;
    }

    private static final Map<String, ParseStage> STAGES = Map.ofEntries(
            Map.entry("xml_tool_call", new XmlToolCallStage()), Map.entry("fenced_code_block", new FencedCodeBlockStage()),
            Map.entry("json", new JsonStage()), Map.entry("json_lines", new JsonLinesStage()), Map.entry("llama_json", new LlamaJsonStage()),
            Map.entry("python_call", new PythonCallStage()), Map.entry("python_literal", new PythonLiteralStage()),
            Map.entry("function_tag", new FunctionTagStage()), Map.entry("deepseek_tool_calls", new DeepSeekToolCallStage()),
            Map.entry("harmony", new HarmonyStage()), Map.entry("mistral_args", new MistralArgsStage()),
            Map.entry("qwen3_coder_xml", new Qwen3CoderXmlStage()), Map.entry("deepseek_dsml", new DeepSeekDsmlStage()),
            Map.entry("glm_arg_key", new GlmArgKeyStage()), Map.entry("invoke_xml", new InvokeXmlStage()),
            Map.entry("kimi_tool_calls", new KimiToolCallStage()), Map.entry("kimi_k3_calls", new KimiK3CallStage()), Map.entry("marked_json_list", new MarkedJsonListStage()),
            Map.entry("gemma4_call", new Gemma4CallStage()), Map.entry("functionary_v32", new FunctionaryV32Stage()));
    private static final Map<String, String> ALIASES = Map.of("python_ast", "python_call", "native_tool_calls", "json");

    public static ParserChain defaultChain() {
        return named(DEFAULT);
    }
}
