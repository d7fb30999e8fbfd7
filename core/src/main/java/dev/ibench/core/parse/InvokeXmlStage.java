package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Calls written as an element named by a {@code name} attribute with one element per argument, the shape of
 * MiniMax-M2 ({@code <minimax:tool_call><invoke name="NAME"><parameter name="ARG">value</parameter></invoke>}), of
 * Claude-style templates ({@code <atem:invoke>}, {@code <atem:parameter>}: Muse Glimmer) and of MiniCPM 5
 * ({@code <function name="NAME"><param name="ARG">value</param></function>}, CDATA allowed). MiniMax-M3 writes the
 * same calls with its {@code ]<]minimax[>[} separators before each tag and each argument as an element named after it
 * ({@code <city>Tokyo</city>}), an object as one element per key inside it and a list as {@code <item>} elements. A
 * namespace prefix on the call and named-argument elements is ignored. Scalar values as {@link XmlArgumentValues#value}.
 */
public final class InvokeXmlStage implements ParseStage {
    private static final String MINIMAX_M3_SEPARATOR = "]<]minimax[>[";
    private static final Pattern CALL = Pattern.compile("<(?:[\\w\\-]+:)?(invoke|function) name=\"([^\"]+)\">(.*?)(?:</(?:[\\w\\-]+:)?\\1>|\\z)",
            Pattern.DOTALL);
    private static final Pattern NAMED_ARGUMENT = Pattern.compile(
            "<(?:[\\w\\-]+:)?(parameter|param) name=\"([^\"]+)\">(\\s*<!\\[CDATA\\[.*?\\]\\]>\\s*|.*?)</(?:[\\w\\-]+:)?\\1>", Pattern.DOTALL);
    private static final Pattern OPEN_TAG = Pattern.compile("<([A-Za-z_][\\w\\-.]*)>");

    @Override
    public String name() {
        return "invoke_xml";
    }

    @Override
    public Optional<Object> extract(String text) {
        if (!text.contains(" name=\"")) {
            return Optional.empty();
        }
        String plain = text.replace(MINIMAX_M3_SEPARATOR, "");
        Matcher m = CALL.matcher(plain);
        List<Object> calls = new ArrayList<>();
        while (m.find()) {
            calls.add(XmlArgumentValues.call(m.group(2), arguments(m.group(3))));
        }
        return XmlArgumentValues.calls(calls);
    }

    private static Map<String, Object> arguments(String body) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        Matcher named = NAMED_ARGUMENT.matcher(body);
        while (named.find()) {
            arguments.put(named.group(2), XmlArgumentValues.value(unCdata(named.group(3))));
        }
        if (arguments.isEmpty()) {
            for (String[] element : elements(body)) {
                arguments.put(element[0], elementValue(element[1]));
            }
        }
        return arguments;
    }

    /** An element's content: nested elements are an object (a list when all are {@code <item>}), text a scalar. */
    private static Object elementValue(String content) {
        List<String[]> children = content.strip().startsWith("<") ? elements(content) : List.of();
        if (children.isEmpty()) {
            return XmlArgumentValues.value(unCdata(content));
        }
        if (children.stream().allMatch(c -> c[0].equals("item"))) {
            return children.stream().map(c -> elementValue(c[1])).toList();
        }
        Map<String, Object> object = new LinkedHashMap<>();
        for (String[] child : children) {
            object.put(child[0], elementValue(child[1]));
        }
        return object;
    }

    /** The top-level {@code <name>content</name>} elements of a text, as {name, content}; empty when other text stands between them. */
    private static List<String[]> elements(String text) {
        List<String[]> out = new ArrayList<>();
        int pos = 0;
        while (pos < text.length()) {
            Matcher open = OPEN_TAG.matcher(text);
            if (!open.find(pos) || !text.substring(pos, open.start()).isBlank()) {
                return text.substring(pos).isBlank() ? out : List.of();
            }
            String name = open.group(1);
            int close = matchingClose(text, name, open.end());
            if (close < 0) {
                return List.of();
            }
            out.add(new String[] {name, text.substring(open.end(), close)});
            pos = close + name.length() + 3;
        }
        return out;
    }

    /** The index of the {@code </name>} closing an element whose content starts at {@code from}, nested namesakes skipped; -1 if none. */
    private static int matchingClose(String text, String name, int from) {
        String open = "<" + name + ">";
        String close = "</" + name + ">";
        int depth = 1;
        int pos = from;
        while (depth > 0) {
            int nextClose = text.indexOf(close, pos);
            if (nextClose < 0) {
                return -1;
            }
            int nextOpen = text.indexOf(open, pos);
            if (nextOpen >= 0 && nextOpen < nextClose) {
                depth++;
                pos = nextOpen + open.length();
            } else {
                depth--;
                pos = nextClose + close.length();
                if (depth == 0) {
                    return nextClose;
                }
            }
        }
        return -1;
    }

    private static String unCdata(String value) {
        String v = value.strip();
        return v.startsWith("<![CDATA[") && v.endsWith("]]>") ? v.substring("<![CDATA[".length(), v.length() - 3) : value;
    }
}
