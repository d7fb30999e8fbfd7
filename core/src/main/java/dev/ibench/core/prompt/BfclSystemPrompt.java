package dev.ibench.core.prompt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.PythonRepr;
import dev.ibench.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The system prompt bfcl-eval 2026.3.23 gives its prompt handlers ({@code model_handler/utils.formulate_system_prompt}
 * with the templates of {@code constants/default_prompts.py}) under one system-prompt configuration: the persona, task,
 * tool-call format (return format {@code python} / {@code json} / {@code verbose_xml} / {@code concise_xml}, with or
 * without the {@code <TOOLCALL>} tag), multi-turn behaviour and the functions as {@code json.dumps(indent=4)}, XML or
 * Python docstrings ({@code format_function_doc}), in the {@code plaintext} or {@code markdown} layout of the
 * {@code classic} or {@code experimental} style. {@link #DEFAULT} is the configuration of every entry that is not a
 * format-sensitivity one.
 */
public final class BfclSystemPrompt {
    /** bfcl-eval's {@code DEFAULT_SYSTEM_PROMPT_FORMAT}. */
    public static final BfclFormatSensitivity.Config DEFAULT =
            BfclFormatSensitivity.Config.parse("ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=classic");

    /** A {@code \\uXXXX} escape (after an even number of backslashes, so not an escaped backslash followed by "u"). */
    private static final Pattern UNICODE_ESCAPE = Pattern.compile("(?<!\\\\)((?:\\\\\\\\)*)\\\\u([0-9A-F]{4})");

    private static final String XML_TYPES = "The type fields of the parameters in your function calls must be one of: string, integer, "
            + "float, boolean, array, dict, or tuple.";

    private record Style(String persona, String task, String noTag, String withTag, String multiTurn, String availableTools) {}

    private static final Style CLASSIC = new Style("You are an expert in composing functions.",
            "You are given a question and a set of possible functions. Based on the question, you will need to make one or more "
                    + "function/tool calls to achieve the purpose. If none of the functions can be used, point it out. If the given question "
                    + "lacks the parameters required by the function, also point it out.",
            "You should only return the function calls in your response.\n\nIf you decide to invoke any of the function(s), you MUST put it "
                    + "in the format of {output_format}. {param_types} You SHOULD NOT include any other text in the response.",
            "You should only return the function calls in the <TOOLCALL> section. If you decide to invoke any of the function(s), you MUST "
                    + "put it in the format of <TOOLCALL>{output_format}</TOOLCALL>. {param_types} You SHOULD NOT include any other text in the response.",
            "At each turn, you should try your best to complete the tasks requested by the user within the current turn. Continue to "
                    + "output functions to call until you have fulfilled the user's request to the best of your ability. Once you have no more "
                    + "functions to call, the system will consider the current turn complete and proceed to the next turn or task.",
            "Here is a list of functions in {format} format that you can invoke.\n{functions}\n");

    private static final Style EXPERIMENTAL = new Style("You are an expert in generating structured function calls.",
            "You are given a user query and a set of available functions. Your task is to produce one or more function/tool calls to fulfill "
                    + "the user's request. If no suitable function exists, or required parameters are missing, clearly indicate this.",
            "Respond with only the function calls.\n\nYou MUST format it exactly as {output_format}. {param_types} Do NOT include any other text.",
            "Return only the function calls enclosed in <TOOLCALL> tags.\n\nYou MUST format it exactly as <TOOLCALL>{output_format}</TOOLCALL>. "
                    + "{param_types} Do NOT include any other text.",
            "At every turn, aim to complete the user's tasks within that turn. Continue emitting function calls until the request is satisfied "
                    + "to the best of your ability. Once no more calls are needed, the system will proceed to the next turn.",
            "Below is a list of callable functions in the {format} style:\n{functions}\n");

    private BfclSystemPrompt() {}

    /** {@code formulate_system_prompt(config, functions)}. */
    public static String of(BfclFormatSensitivity.Config config, List<Map<String, Object>> functions) {
        Style style = "experimental".equals(config.style()) ? EXPERIMENTAL : CLASSIC;
        String paramTypes = config.returnFormat().endsWith("xml") ? XML_TYPES : "";
        String toolCallFormat = (config.toolCallTag() ? style.withTag() : style.noTag())
                .replace("{output_format}", outputFormat(config.returnFormat())).replace("{param_types}", paramTypes);
        String availableTools = style.availableTools().replace("{format}", config.functionDocFormat())
                .replace("{functions}", functionDocs(functions, config.functionDocFormat()));
        if ("markdown".equals(config.promptFormat())) {
            return style.persona() + "\n\n## Task\n" + style.task() + "\n\n## Tool Call Format\n" + toolCallFormat
                    + "\n\n## Multi-turn Behavior\n" + style.multiTurn() + "\n\n## Available Tools\n" + availableTools;
        }
        return style.persona() + style.task() + "\n\n" + toolCallFormat + "\n\n" + style.multiTurn() + "\n\n" + availableTools;
    }

    private static String outputFormat(String returnFormat) {
        return switch (returnFormat) {
            case "python" -> "[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]";
            case "json" -> "```json\n[{\"function\":\"func_name1\",\"parameters\":{\"param1\":\"value1\",\"param2\":\"value2\"...}},"
                    + "{\"function\":\"func_name2\",\"parameters\":{\"param\":\"value\"}}]\n```";
            case "verbose_xml" -> "<functions><function name=\"func_name1\"><params><param name=\"param1\" value=\"value1\" type=\"type1\"/>"
                    + "<param name=\"param2\" value=\"value2\" type=\"type2\"/>...</params></function><function name=\"func_name2\"><params>"
                    + "<param name=\"param3\" value=\"value3\" type=\"type3\"/></params></function></functions>";
            case "concise_xml" -> "<functions><function name=\"func_name1\"><param name=\"param1\" type=\"type1\">value1</param>"
                    + "<param name=\"param2\" type=\"type2\">value2</param>...</function><function name=\"func_name2\">"
                    + "<param name=\"param3\" type=\"type3\">value</param></function></functions>";
            default -> throw new IllegalArgumentException("unknown BFCL return format '" + returnFormat + "'");
        };
    }

    /** {@code format_function_doc}: the functions as {@code json.dumps(indent=4)}, XML or Python docstrings. */
    static String functionDocs(List<Map<String, Object>> functions, String format) {
        return switch (format) {
            case "json" -> jsonDumpsIndent4(functions);
            case "xml" -> xmlDocs(functions);
            case "python" -> pythonDocs(functions);
            default -> throw new IllegalArgumentException("unknown BFCL function-doc format '" + format + "'");
        };
    }

    /**
     * Python's {@code json.dumps(value, indent=4)}: 4-space indents, {@code ": "} after keys, non-ASCII escaped, an empty
     * list {@code []} and an empty dict {@code {}} (Jackson's pretty printer would write {@code [ ]} and {@code { }}).
     */
    static String jsonDumpsIndent4(Object value) {
        DefaultIndenter indent = new DefaultIndenter("    ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER).withArrayEmptySeparator("").withObjectEmptySeparator(""))
                .withObjectIndenter(indent).withArrayIndenter(indent);
        try {
            String json = Json.MAPPER.writer(printer).with(com.fasterxml.jackson.core.json.JsonWriteFeature.ESCAPE_NON_ASCII).writeValueAsString(value);
            // Python writes the escapes' hex digits in lower case (\u00b3), Jackson in upper case
            Matcher m = UNICODE_ESCAPE.matcher(json);
            StringBuilder out = new StringBuilder(json.length());
            while (m.find()) {
                m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + "\\u" + m.group(2).toLowerCase(Locale.ROOT)));
            }
            return m.appendTail(out).toString();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("function docs are not JSON", e);
        }
    }

    /** {@code _generate_function_doc_xml}. */
    private static String xmlDocs(List<Map<String, Object>> functions) {
        List<String> blocks = new ArrayList<>();
        for (Map<String, Object> fn : functions) {
            Map<String, Object> schema = map(fn.get("parameters"));
            StringBuilder xml = new StringBuilder();
            xml.append("<function name=\"").append(str(fn.get("name"))).append("\">\n");
            xml.append("  <desc>").append(str(fn.getOrDefault("description", ""))).append("</desc>\n");
            xml.append("  <params>\n");
            Object required = schema.get("required");
            map(schema.getOrDefault("properties", Map.of())).forEach((name, meta) -> xmlParam(xml, name, map(meta), required, 2));
            xml.append("  </params>\n</function>\n");
            blocks.add(xml.toString());
        }
        return String.join("\n", blocks);
    }

    private static void xmlParam(StringBuilder out, String name, Map<String, Object> meta, Object requiredSet, int level) {
        String indent = " ".repeat(level * 2);
        String type = str(meta.getOrDefault("type", "string"));
        String description = str(meta.getOrDefault("description", "")) + enumNote(meta);
        String required = requiredSet == null ? "true" : requiredSet instanceof List<?> l && l.contains(name) ? "true" : "false";
        if (meta.get("items") instanceof Map<?, ?> items && items.containsKey("type")) {
            type = type + "[" + str(items.get("type")) + "]";
        } else if (meta.containsKey("additionalProperties")) {
            type = type + "[" + str(map(meta.get("additionalProperties")).getOrDefault("type", "string")) + "]";
        }
        String attrs = "name=\"" + name + "\", type=\"" + type + "\", required=\"" + required + "\""
                + (meta.containsKey("default") ? " default=\"" + PythonRepr.of(meta.get("default")) + "\"" : "");
        out.append(indent).append("<param ").append(attrs.replace(",", "")).append(">\n"); // bfcl-eval drops every comma here
        out.append(indent).append("  <desc>").append(description).append("</desc>\n");
        if (meta.containsKey("properties")) {
            Object childRequired = meta.get("required");
            out.append(indent).append("  <params>\n");
            map(meta.get("properties")).forEach((child, childMeta) -> xmlParam(out, child, map(childMeta), childRequired, level + 2));
            out.append(indent).append("  </params>\n");
        }
        out.append(indent).append("</param>\n");
    }

    /** {@code _generate_function_doc_python}. */
    private static String pythonDocs(List<Map<String, Object>> functions) {
        List<String> docs = new ArrayList<>();
        for (Map<String, Object> fn : functions) {
            StringBuilder doc = new StringBuilder();
            doc.append("# Function: ").append(str(fn.get("name"))).append("\n");
            doc.append("    \"\"\"\n");
            doc.append("    ").append(str(fn.getOrDefault("description", ""))).append("\n\n");
            Map<String, Object> properties = map(map(fn.getOrDefault("parameters", Map.of())).getOrDefault("properties", Map.of()));
            if (!properties.isEmpty()) {
                doc.append("    Args:\n");
                properties.forEach((name, meta) -> pythonParam(doc, name, map(meta), 0));
            }
            doc.append("    \"\"\"\n");
            docs.add(doc.toString());
            docs.add("\n");
        }
        return String.join("\n\n", docs);
    }

    private static void pythonParam(StringBuilder out, String name, Map<String, Object> meta, int depth) {
        String defaultNote = meta.containsKey("default") ? ", default=" + PythonRepr.of(meta.get("default")) : "";
        out.append(" ".repeat(8 + 4 * depth)).append(name).append(" (").append(pythonType(meta)).append(defaultNote).append("): ")
                .append(str(meta.getOrDefault("description", ""))).append(enumNote(meta)).append("\n");
        if (meta.containsKey("properties")) {
            map(meta.get("properties")).forEach((child, childMeta) -> pythonParam(out, child, map(childMeta), depth + 1));
        }
    }

    private static String pythonType(Map<String, Object> meta) {
        String type = str(meta.getOrDefault("type", "string"));
        switch (type) {
            case "string": return "str";
            case "number": return "float";
            case "integer": return "int";
            case "boolean": return "bool";
            default: break;
        }
        if ((type.equals("array") || type.equals("list") || type.equals("tuple")) && meta.containsKey("items")) {
            return "list[" + pythonType(map(meta.get("items"))) + "]";
        }
        if (type.equals("object") || type.equals("dict")) {
            return meta.containsKey("additionalProperties") ? "dict[str, " + pythonType(map(meta.get("additionalProperties"))) + "]" : "dict";
        }
        return type;
    }

    private static String enumNote(Map<String, Object> meta) {
        return meta.containsKey("enum") ? " Enum values: " + PythonRepr.of(meta.get("enum")) + "." : "";
    }

    /** Python's {@code str} of a doc value: a string as it is, anything else as its {@code repr}. */
    private static String str(Object value) {
        return value instanceof String s ? s : PythonRepr.of(value);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
