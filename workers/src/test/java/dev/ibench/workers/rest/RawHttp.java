package dev.ibench.workers.rest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** One HTTP/1.1 request written byte for byte on a plain socket to 127.0.0.1 (headers exactly as given), and its answer. */
public record RawHttp(int status, Map<String, String> headers, String body) {
    public static RawHttp request(int port, String method, String target, Map<String, String> headers, String body, int timeoutMillis)
            throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(timeoutMillis);
            StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (body != null) head.append("Content-Length: ").append(bytes.length).append("\r\n");
            head.append("Connection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            out.write(bytes);
            out.flush();
            return parse(s.getInputStream());
        }
    }

    public static RawHttp get(int port, String target, Map<String, String> headers) throws IOException {
        return request(port, "GET", target, headers, null, 10_000);
    }

    private static RawHttp parse(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        String text = all.toString(StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) throw new IOException("no complete HTTP answer: " + text);
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        String body = text.substring(end + 4);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) body = unchunk(body);
        return new RawHttp(status, headers, body);
    }

    private static String unchunk(String chunked) {
        StringBuilder out = new StringBuilder();
        int pos = 0;
        while (pos < chunked.length()) {
            int eol = chunked.indexOf("\r\n", pos);
            if (eol < 0) break;
            int size = Integer.parseInt(chunked.substring(pos, eol).split(";")[0].trim(), 16);
            if (size == 0) break;
            out.append(chunked, eol + 2, eol + 2 + size);
            pos = eol + 2 + size + 2;
        }
        return out.toString();
    }
}
