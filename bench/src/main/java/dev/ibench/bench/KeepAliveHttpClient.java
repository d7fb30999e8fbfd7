package dev.ibench.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One persistent HTTP/1.1 connection to 127.0.0.1 for a load generator thread: blocking GETs, responses read by
 * {@code Content-Length} (or chunked), reconnecting after the server closes. A few microseconds of client CPU per
 * request, so on a small machine the load generator does not take the cores the server under test needs (the JDK's
 * {@code java.net.http.HttpClient} spent about twice the server's CPU per request here).
 */
final class KeepAliveHttpClient implements Closeable {
    private static final int MAX_HEADER_LINE = 16 * 1024;

    private final int port;
    private final int timeoutMillis;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    KeepAliveHttpClient(int port, int timeoutMillis) {
        this.port = port;
        this.timeoutMillis = timeoutMillis;
    }

    /** GETs {@code pathAndQuery} (already percent-encoded) and returns the status; the body is read and dropped. */
    int get(String pathAndQuery) throws IOException {
        if (socket == null) connect();
        try {
            return exchange(pathAndQuery);
        } catch (java.net.SocketTimeoutException slow) {
            close();
            throw slow;
        } catch (IOException firstTry) {
            // a keep-alive connection the server closed while idle: one retry on a fresh connection
            close();
            connect();
            return exchange(pathAndQuery);
        }
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setSoTimeout(timeoutMillis);
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), timeoutMillis);
        socket = s;
        in = new BufferedInputStream(s.getInputStream(), 64 * 1024);
        out = s.getOutputStream();
    }

    private int exchange(String pathAndQuery) throws IOException {
        out.write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: application/json\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        String statusLine = line();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) throw new IOException("not an HTTP status line: " + statusLine);
        int status = Integer.parseInt(parts[1]);
        long length = -1;
        boolean chunked = false;
        boolean close = false;
        for (String h = line(); !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon < 0) continue;
            String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = h.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> close = value.equalsIgnoreCase("close");
                default -> { }
            }
        }
        if (chunked) {
            for (long size = Long.parseLong(line().split(";", 2)[0].trim(), 16); size > 0; size = Long.parseLong(line().split(";", 2)[0].trim(), 16)) {
                skip(size);
                line();
            }
            while (!line().isEmpty()) { } // trailers
        } else if (length >= 0) {
            skip(length);
        } else {
            close = true; // body until the server closes: not expected from serve-tools
            while (in.read() >= 0) { }
        }
        if (close) close();
        return status;
    }

    private void skip(long n) throws IOException {
        while (n > 0) {
            long s = in.skip(n);
            if (s <= 0) {
                if (in.read() < 0) throw new EOFException("connection closed inside a response body");
                s = 1;
            }
            n -= s;
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(64);
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) throw new EOFException("connection closed inside a response head");
            if (c != '\r') b.write(c);
            if (b.size() > MAX_HEADER_LINE) throw new IOException("response header line longer than " + MAX_HEADER_LINE);
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        if (socket == null) return;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a loopback socket; nothing to recover
        }
        socket = null;
    }
}
