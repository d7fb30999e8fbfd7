package dev.ibench.bench;

import dev.ibench.testing.net.LoopbackAcceptor;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * TEST TOOL: a minimal HTTP/1.1 server on 127.0.0.1 for the benches' fake model endpoints, one thread per connection
 * (keep-alive, {@code Content-Length} bodies, no pipelining: OkHttp sends a connection's next request only after the
 * answer). Unlike the JDK's {@code HttpServer}, a handler can wait the way a model server computes an answer and learn
 * when the client gives up meanwhile ({@link Exchange#awaitOrClientGone}), as vLLM and llama.cpp's server abort a
 * request whose connection closed: a test double built on it does not keep counting requests nobody waits for.
 */
final class BlockingHttpServer implements AutoCloseable {
    private static final int MAX_HEAD_BYTES = 64 * 1024;

    /** Answers one request. */
    interface Handler {
        void handle(Exchange exchange) throws IOException;
    }

    /** One request on a connection: its method, path and body; the handler answers with {@link #send} or leaves. */
    static final class Exchange {
        private final String method;
        private final String path;
        private final byte[] body;
        private final Socket socket;
        private final PushbackInputStream in;
        private final OutputStream out;
        private boolean answered;
        private boolean clientGone;

        private Exchange(String method, String path, byte[] body, Socket socket, PushbackInputStream in, OutputStream out) {
            this.method = method;
            this.path = path;
            this.body = body;
            this.socket = socket;
            this.in = in;
            this.out = out;
        }

        String method() {
            return method;
        }

        String path() {
            return path;
        }

        byte[] body() {
            return body;
        }

        /**
         * Waits {@code millis} unless the client closes its connection first; false when it did (the connection is then
         * closed and no answer is sent). A client sends nothing while it waits for an answer, so any read that returns
         * tells: end of stream or a reset is a client gone.
         */
        boolean awaitOrClientGone(long millis) throws InterruptedException {
            long end = System.nanoTime() + millis * 1_000_000L;
            try {
                while (true) {
                    long left = (end - System.nanoTime()) / 1_000_000L;
                    if (left <= 0) {
                        return true;
                    }
                    socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                    int b;
                    try {
                        b = in.read();
                    } catch (SocketTimeoutException waitedItOut) {
                        continue; // the time is up (or nearly: the loop checks)
                    }
                    if (b < 0) {
                        clientGone = true;
                        return false;
                    }
                    // a byte before the answer (a pipelining client): keep it for the next request, sleep the rest
                    in.unread(b);
                    long rest = (end - System.nanoTime()) / 1_000_000L;
                    if (rest > 0) {
                        Thread.sleep(rest);
                    }
                    return true;
                }
            } catch (SocketException reset) {
                clientGone = true;
                return false;
            } catch (IOException e) {
                clientGone = true;
                return false;
            } finally {
                try {
                    socket.setSoTimeout(0);
                } catch (SocketException closed) {
                    clientGone = true;
                }
            }
        }

        /** Sends the answer: status and JSON body, the connection kept alive. */
        void send(int status, String json) throws IOException {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            String head = "HTTP/1.1 " + status + " " + reason(status) + "\r\nContent-Type: application/json\r\nContent-Length: "
                    + bytes.length + "\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            answered = true;
        }

        private static String reason(int status) {
            return switch (status) {
                case 200 -> "OK";
                case 404 -> "Not Found";
                case 429 -> "Too Many Requests";
                default -> "Status";
            };
        }
    }

    private final LoopbackAcceptor listener;
    private final Handler handler;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    BlockingHttpServer(int backlog, Handler handler) throws IOException {
        this.handler = handler;
        listener = LoopbackAcceptor.open(backlog);
        listener.start(loop -> daemon(loop, "blocking-http-accept"), socket -> {
            open.add(socket);
            daemon(() -> serve(socket), "blocking-http-connection");
        });
    }

    private static void daemon(Runnable work, String name) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return listener.port();
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            PushbackInputStream in = new PushbackInputStream(new BufferedInputStream(socket.getInputStream()), 1);
            OutputStream out = new java.io.BufferedOutputStream(socket.getOutputStream());
            while (!closed) {
                String head = readHead(in);
                if (head == null) {
                    return; // the client closed its idle connection
                }
                String[] lines = head.split("\r\n");
                String[] requestLine = lines[0].split(" ");
                if (requestLine.length < 2) {
                    return;
                }
                int length = 0;
                boolean close = false;
                for (int i = 1; i < lines.length; i++) {
                    int colon = lines[i].indexOf(':');
                    if (colon < 0) {
                        continue;
                    }
                    String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
                    String value = lines[i].substring(colon + 1).trim();
                    if (name.equals("content-length")) {
                        length = Integer.parseInt(value);
                    } else if (name.equals("connection") && value.equalsIgnoreCase("close")) {
                        close = true;
                    } else if (name.equals("transfer-encoding")) {
                        return; // chunked request bodies are not supported by this test tool (OkHttp sends a length)
                    }
                }
                byte[] body = in.readNBytes(length);
                if (body.length < length) {
                    return;
                }
                Exchange exchange = new Exchange(requestLine[0], requestLine[1], body, socket, in, out);
                handler.handle(exchange);
                if (exchange.clientGone || !exchange.answered || close) {
                    return;
                }
            }
        } catch (IOException e) {
            // the connection broke: nothing to answer
        } finally {
            open.remove(socket);
        }
    }

    /** The request line and headers (without the blank line), or null at the end of the stream before a request. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream(512);
        int matched = 0; // of \r\n\r\n
        while (true) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            if (head.size() == 0 && (b == '\r' || b == '\n')) {
                continue; // stray line ends between requests
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : 0;
            if (matched == 4) {
                String text = head.toString(StandardCharsets.US_ASCII);
                return text.substring(0, text.length() - 4);
            }
            if (head.size() > MAX_HEAD_BYTES) {
                throw new IOException("request head over " + MAX_HEAD_BYTES + " bytes");
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        listener.close();
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
