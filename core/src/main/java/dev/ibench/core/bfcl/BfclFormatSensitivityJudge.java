package dev.ibench.core.bfcl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChain;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.parse.PythonLiteralStage;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * Judges a model's raw output on a {@link BfclFormatSensitivity} entry as bfcl-eval 2026.3.23's
 * {@code format_sensitivity_runner} does: decoded as its prompt handlers' {@code default_decode_ast_prompting} decodes
 * it under the entry's configuration (stripped of {@code `}, newlines and spaces, wrapped in {@code [...]}; with the
 * tool-call tag the text inside {@code <TOOLCALL>...</TOOLCALL>}; then {@code ast_parse} for the return format: Python
 * calls, the JSON list {@code [{"function", "parameters"}]}, or the {@code <functions>} element of the verbose or concise
 * XML with its typed values), then {@code _evaluate_single_ast_entry}: an output that does not decode fails with
 * {@code ast_decoder:decoder_failed}, one that decodes to something other than calls with
 * {@code ast_decoder:decoder_wrong_output_format}, the rest goes to the AST checker with the rules of the original
 * entry's category. Format sensitivity is run for prompt handlers only, so names are judged in prompt mode.
 */
public final class BfclFormatSensitivityJudge {
    private static final Pattern TOOL_CALL = Pattern.compile("<TOOLCALL>(.*?)</TOOLCALL>", Pattern.DOTALL);
    private static final Pattern FUNCTIONS = Pattern.compile("<functions>(.*?)</functions>", Pattern.DOTALL);
    private static final Pattern JSON_SPAN = Pattern.compile("\\[.*\\]", Pattern.DOTALL);
    private static final Pattern JSON_CALLS = Pattern.compile("\\[\\s*\\{.*?\\}\\s*(?:,\\s*\\{.*?\\}\\s*)*\\]", Pattern.DOTALL);
    private static final ParserChain PYTHON = ParserChains.forProfile(List.of("python_ast"));
    /** The stage name of a parse this judge made. */
    static final String STAGE = "format_sensitivity";

    private BfclFormatSensitivityJudge() {}

    /** The verdict on {@code rawOutput} for {@code sample}, an entry {@code format_sensitivity_<n>:<config>:<id>}. */
    public static BfclVerdict judge(EvalSample sample, String rawOutput) {
        return judged(sample, rawOutput).verdict();
    }

    /**
     * What the output decoded to, as a parse the other metrics read (the calls; unparseable where it did not decode; wrong
     * format where it decoded to something other than calls), and its verdict.
     */
    public record Judged(ParsedOutput parsed, BfclVerdict verdict) {}

    /** {@link #judge} with what the output decoded to. */
    public static Judged judged(EvalSample sample, String rawOutput) {
        BfclCategory category = BfclCategory.of(sample)
                .orElseThrow(() -> new IllegalArgumentException("format-sensitivity entry " + sample.sampleId() + " is not a BFCL sample"));
        BfclFormatSensitivity.Config config = BfclFormatSensitivity.Config.parse(BfclFormatSensitivity.EntryId.parse(sample.sampleId()).config());
        Decoded decoded = decode(rawOutput == null ? "" : rawOutput, config);
        if (decoded.failure() != null) {
            String message = "Invalid syntax. Failed to decode AST. " + decoded.failure();
            return new Judged(ParsedOutput.unparseable(message), BfclVerdict.wrong(category, "ast_decoder:decoder_failed", message));
        }
        if (!decoded.callFormat()) {
            String message = "Did not output in the specified format.";
            return new Judged(ParsedOutput.wrongFormat(decoded.calls(), STAGE, message),
                    BfclVerdict.wrong(category, "ast_decoder:decoder_wrong_output_format", message));
        }
        ParsedOutput parsed = ParsedOutput.parsed(decoded.calls(), STAGE);
        return new Judged(parsed, BfclJudge.judge(sample, category, parsed, BfclMode.PROMPT));
    }

    /** What decoding gave: the calls, or why it failed, or ({@code callFormat} false) a value that is not a list of calls. */
    record Decoded(List<ToolCall> calls, String failure, boolean callFormat) {
        static Decoded failed(String why) {
            return new Decoded(List.of(), why, false);
        }

        static Decoded of(List<ToolCall> calls) {
            return new Decoded(calls, null, true);
        }
    }

    static Decoded decode(String raw, BfclFormatSensitivity.Config config) {
        String result = PythonText.strip(raw, "`\n ");
        if (!result.startsWith("[")) {
            result = "[" + result;
        }
        if (!result.endsWith("]")) {
            result = result + "]";
        }
        if (config.toolCallTag()) {
            Matcher m = TOOL_CALL.matcher(result);
            if (!m.find()) {
                return Decoded.failed("No tool call tag found in input string: " + result);
            }
            result = PythonText.strip(m.group(1));
        }
        return switch (config.returnFormat()) {
            case "python" -> python(result);
            case "json" -> json(result);
            default -> xml(result, config.returnFormat().equals("verbose_xml"));
        };
    }

    private static Decoded python(String text) {
        ParsedOutput parsed = PYTHON.parse(PythonText.strip(PythonText.strip(text), "'"));
        return parsed.isParsed() ? Decoded.of(parsed.calls()) : Decoded.failed(String.valueOf(parsed.problem()));
    }

    private static Decoded json(String text) {
        Matcher span = JSON_SPAN.matcher(text);
        String source = span.find() ? span.group() : text;
        Matcher calls = JSON_CALLS.matcher(source);
        if (calls.find()) {
            source = calls.group();
        }
        Object value;
        try {
            value = Json.MAPPER.readerFor(Object.class).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readValue(source);
        } catch (JsonProcessingException e) {
            return Decoded.of(List.of()); // parse_json_function_call returns [] for text that is not JSON
        }
        if (value instanceof Map<?, ?> || value instanceof String) {
            return Decoded.of(List.of()); // iterated as keys / characters: no dict, no call
        }
        if (!(value instanceof List<?> items)) {
            return Decoded.failed("'" + value.getClass().getSimpleName() + "' object is not iterable");
        }
        List<ToolCall> out = new ArrayList<>();
        boolean callFormat = true;
        for (Object item : items) {
            if (!(item instanceof Map<?, ?> call)) {
                continue;
            }
            if (!call.containsKey("function") || !call.containsKey("parameters")) {
                return Decoded.failed("KeyError: " + (call.containsKey("function") ? "'parameters'" : "'function'"));
            }
            if (!(call.get("function") instanceof String name)) {
                return Decoded.failed("the function name is not a string: " + call.get("function"));
            }
            if (call.get("parameters") instanceof Map<?, ?> parameters) {
                Map<String, Object> arguments = new LinkedHashMap<>();
                parameters.forEach((k, v) -> arguments.put(String.valueOf(k), v));
                out.add(new ToolCall(name, arguments, null));
            } else {
                callFormat = false;
            }
        }
        return callFormat ? Decoded.of(out) : new Decoded(out, null, false);
    }

    private static Decoded xml(String text, boolean verbose) {
        Matcher m = FUNCTIONS.matcher(text);
        if (!m.find()) {
            return Decoded.failed("No XML function call found in input string: " + text + ". Missing <functions> tag.");
        }
        Element root;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            root = factory.newDocumentBuilder().parse(new InputSource(new StringReader(m.group()))).getDocumentElement();
        } catch (Exception e) {
            return Decoded.failed("not well-formed XML: " + e.getMessage());
        }
        List<ToolCall> out = new ArrayList<>();
        for (Element function : children(root, "function")) {
            if (!function.hasAttribute("name")) {
                return Decoded.failed("KeyError: 'name'");
            }
            List<Element> params = children(function, "param");
            if (verbose) {
                List<Element> container = children(function, "params");
                if (!container.isEmpty()) {
                    params = children(container.get(0), "param");
                }
            }
            Map<String, Object> arguments = new LinkedHashMap<>();
            for (Element param : params) {
                if (!verbose && !param.hasAttribute("name")) {
                    return Decoded.failed("KeyError: 'name'");
                }
                String raw = verbose ? param.getAttribute("value") : PythonText.strip(leadingText(param));
                String type = param.hasAttribute("type") ? param.getAttribute("type") : "string";
                Converted value = convert(raw, type);
                if (!value.read()) {
                    return Decoded.failed("cannot read '" + raw + "' as " + type);
                }
                arguments.put(param.hasAttribute("name") ? param.getAttribute("name") : null, value.value());
            }
            out.add(new ToolCall(function.getAttribute("name"), arguments, null));
        }
        return Decoded.of(out);
    }

    /** A typed XML value: {@code read} false where bfcl-eval's conversion raises; {@code value} null for Python's None. */
    record Converted(Object value, boolean read) {
        static final Converted FAILED = new Converted(null, false);

        static Converted of(Object value) {
            return new Converted(value, true);
        }
    }

    /** bfcl-eval's {@code convert_value_by_type}. */
    static Converted convert(String raw, String type) {
        return switch (type) {
            case "integer" -> PythonText.toInt(raw).map(n -> Converted.of(n)).orElse(Converted.FAILED);
            case "float" -> PythonText.toFloat(raw).map(d -> Converted.of(d)).orElse(Converted.FAILED);
            case "boolean" -> Converted.of(raw.toLowerCase(Locale.ROOT).equals("true"));
            case "null" -> Converted.of(null);
            case "array", "tuple", "object", "dict" -> new PythonLiteralStage().extract(raw).map(Converted::of).orElse(Converted.FAILED);
            default -> Converted.of(raw); // "string", and any other type: the text as written
        };
    }

    /** ElementTree's {@code findall(tag)}: the direct children of that name. */
    private static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                out.add(e);
            }
        }
        return out;
    }

    /** ElementTree's {@code .text}: the text before the element's first child element ("" for none). */
    private static String leadingText(Element e) {
        StringBuilder text = new StringBuilder();
        for (Node n = e.getFirstChild(); n != null && !(n instanceof Element); n = n.getNextSibling()) {
            if (n.getNodeType() == Node.TEXT_NODE || n.getNodeType() == Node.CDATA_SECTION_NODE) {
                text.append(n.getNodeValue());
            }
        }
        return text.toString();
    }
}
