package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads gpt-oss "harmony" output into its messages. A message is a header (optional {@code <|start|>assistant}, the
 * recipient {@code to=functions.NAME}, {@code <|channel|>NAME}, {@code <|constrain|>json}, in either order) then
 * {@code <|message|>} and a body up to {@code <|end|>}, {@code <|call|>}, {@code <|return|>}, the next
 * {@code <|start|>} or the end of the text (then the message is {@link Message#cut() cut}). The same header syntax
 * without channels, as Muse Glimmer writes it, addresses messages {@code to=self} (reasoning), {@code to=user} (the
 * answer) or {@code to=NAME} (a call written in the body), and ends them with {@code <|eot|>} or {@code <|eom|>}.
 */
final class HarmonyMessages {
    static final String MESSAGE = "<|message|>";
    private static final String[] BODY_ENDS = {"<|end|>", "<|call|>", "<|return|>", "<|start|>", "<|eot|>", "<|eom|>"};
    /** gpt-oss's built-in tools: a message to one is neither content nor a function call. */
    private static final Pattern BUILTIN = Pattern.compile("python|(?:browser|container)\\..*");
    private static final Pattern CHANNEL = Pattern.compile("<\\|channel\\|>\\s*([A-Za-z_]+)");
    private static final Pattern RECIPIENT = Pattern.compile("\\bto=([^\\s<]+)");
    /** Headers are short; a longer stretch before {@code <|message|>} is not a harmony header. */
    private static final int MAX_HEADER = 512;

    /**
     * @param recipient the {@code to=} target other than {@code assistant} (e.g. {@code functions.get_weather}), else null
     * @param channel   the last {@code <|channel|>} of the header (analysis, commentary, final), else null
     */
    record Message(String recipient, String channel, String body, boolean cut) {
        boolean isFunctionCall() {
            return recipient != null && recipient.startsWith("functions.");
        }

        String functionName() {
            return recipient.substring("functions.".length());
        }

        /** A call to a built-in tool of the harmony format (python, browser, container): neither content nor a function call. */
        boolean isBuiltinCall() {
            return recipient != null && BUILTIN.matcher(recipient).matches();
        }

        boolean isReasoning() {
            return (recipient == null && "analysis".equals(channel)) || "self".equals(recipient);
        }
    }

    private HarmonyMessages() {}

    /** Whether the text is harmony output at all (has a {@code <|message|>} after a header). */
    static boolean isHarmony(String text) {
        int at = text.indexOf(MESSAGE);
        return at >= 0 && (text.lastIndexOf("<|channel|>", at) >= 0 || RECIPIENT.matcher(text.substring(Math.max(0, at - MAX_HEADER), at)).find());
    }

    /** The messages in order; text outside any message (before the first header, between messages) is not returned. */
    static List<Message> read(String text) {
        List<Message> messages = new ArrayList<>();
        int[] next = new int[BODY_ENDS.length]; // where each end token next occurs: each is searched for once per pass, not per message
        java.util.Arrays.fill(next, -2);
        int pos = 0;
        while (pos < text.length()) {
            int at = text.indexOf(MESSAGE, pos);
            if (at < 0) {
                break;
            }
            String header = text.substring(Math.max(pos, at - MAX_HEADER), at);
            int bodyStart = at + MESSAGE.length();
            int end = text.length();
            String endToken = null;
            for (int i = 0; i < BODY_ENDS.length; i++) {
                if (next[i] != -1 && next[i] < bodyStart) {
                    next[i] = text.indexOf(BODY_ENDS[i], bodyStart);
                }
                if (next[i] >= 0 && next[i] < end) {
                    end = next[i];
                    endToken = BODY_ENDS[i];
                }
            }
            messages.add(new Message(recipient(header), channel(header), text.substring(bodyStart, end), endToken == null));
            pos = endToken == null ? text.length() : "<|start|>".equals(endToken) ? end : end + endToken.length();
            if (pos == at) {
                pos = bodyStart; // never loop on the same position
            }
        }
        return messages;
    }

    private static String channel(String header) {
        Matcher m = CHANNEL.matcher(header);
        String channel = null;
        while (m.find()) {
            channel = m.group(1);
        }
        return channel;
    }

    private static String recipient(String header) {
        Matcher m = RECIPIENT.matcher(header);
        String found = null;
        while (m.find()) {
            String r = m.group(1);
            if (r.startsWith("functions.")) {
                return r;
            }
            if (!"assistant".equals(r) && found == null) {
                found = r;
            }
        }
        return found;
    }
}
