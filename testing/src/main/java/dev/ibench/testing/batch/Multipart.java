package dev.ibench.testing.batch;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** TEST TOOL: the named parts of a {@code multipart/form-data} body (RFC 7578), as the stand-in Batch API reads uploads. */
final class Multipart {
    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"?([^\";]+)\"?");
    private static final Pattern NAME = Pattern.compile("name=\"([^\"]*)\"");

    private Multipart() {}

    /** Part name to content; bytes are kept as sent (ISO-8859-1 maps each byte to one char and back). */
    static Map<String, byte[]> parts(String contentType, byte[] body) {
        Matcher m = contentType == null ? null : BOUNDARY.matcher(contentType);
        if (m == null || !m.find()) {
            throw new IllegalArgumentException("not a multipart/form-data body: " + contentType);
        }
        String delimiter = "--" + m.group(1);
        String text = new String(body, StandardCharsets.ISO_8859_1);
        Map<String, byte[]> parts = new LinkedHashMap<>();
        int at = text.indexOf(delimiter);
        while (at >= 0) {
            int start = at + delimiter.length();
            if (text.startsWith("--", start)) {
                break;
            }
            int next = text.indexOf("\r\n" + delimiter, start);
            if (next < 0) {
                break;
            }
            String part = text.substring(start + 2, next); // after the CRLF that ends the delimiter line
            int headersEnd = part.indexOf("\r\n\r\n");
            if (headersEnd >= 0) {
                Matcher name = NAME.matcher(part.substring(0, headersEnd));
                if (name.find()) {
                    parts.put(name.group(1), part.substring(headersEnd + 4).getBytes(StandardCharsets.ISO_8859_1));
                }
            }
            at = next + 2;
        }
        return parts;
    }
}
