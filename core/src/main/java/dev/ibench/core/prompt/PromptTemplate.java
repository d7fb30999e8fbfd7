package dev.ibench.core.prompt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A prompt template as stored in a resource or user file.
 *
 * <p>Format: leading lines starting with {@code #%} are provenance comments and are dropped. The rest
 * is used verbatim, except that {@code {NAME}} placeholders whose NAME is a supplied variable are
 * replaced in a single pass (so JSON braces in the template and in substituted values stay intact).
 * A template is <em>message-shaped</em> when it contains marker lines {@code <<<system>>>},
 * {@code <<<user>>>} or {@code <<<assistant>>>}; each marker starts a chat message. Otherwise it is
 * a raw prompt that already carries the model family's special tokens.
 */
public record PromptTemplate(String name, String body) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final Pattern MARKER = Pattern.compile("(?m)^<<<(system|user|assistant)>>>[ \\t]*\\R?");

    public static PromptTemplate parse(String name, String fileText) {
        String text = fileText.replace("\r\n", "\n");
        while (text.startsWith("#%")) {
            int eol = text.indexOf('\n');
            text = eol < 0 ? "" : text.substring(eol + 1);
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("prompt template " + name + " is empty");
        }
        return new PromptTemplate(name, text);
    }

    public boolean isMessageShaped() {
        return MARKER.matcher(body).find();
    }

    /** Placeholder names that occur in the template. */
    public List<String> placeholders() {
        List<String> names = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(body);
        while (m.find()) {
            if (!names.contains(m.group(1))) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** Substitutes the variables into the whole template text (markers kept). */
    public String substitute(Map<String, String> variables) {
        Matcher m = PLACEHOLDER.matcher(body);
        StringBuilder out = new StringBuilder(body.length() + 1024);
        while (m.find()) {
            String value = variables.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value != null ? value : m.group()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Renders into chat messages; a template without markers becomes one user message. */
    public List<ChatMessage> renderMessages(Map<String, String> variables) {
        String text = substitute(variables);
        Matcher m = MARKER.matcher(text);
        List<ChatMessage> messages = new ArrayList<>();
        String role = null;
        int start = 0;
        while (m.find()) {
            if (role != null) {
                messages.add(new ChatMessage(role, stripTrailingNewline(text.substring(start, m.start()))));
            } else if (!text.substring(0, m.start()).isBlank()) {
                throw new IllegalArgumentException("prompt template " + name + " has text before its first <<<role>>> marker");
            }
            role = m.group(1);
            start = m.end();
        }
        if (role == null) {
            return List.of(ChatMessage.user(stripTrailingNewline(text)));
        }
        messages.add(new ChatMessage(role, stripTrailingNewline(text.substring(start))));
        return messages;
    }

    private static String stripTrailingNewline(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
