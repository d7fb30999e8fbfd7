package dev.ibench.activities.llm.client;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;

/** At most {@code limit} bytes of a response body, and whether there was more: an endpoint cannot exhaust our memory. */
record BoundedBody(String text, boolean truncated) {
    static BoundedBody read(ResponseBody body, long limit) throws IOException {
        if (body == null) {
            return new BoundedBody("", false);
        }
        BufferedSource source = body.source();
        Buffer buffer = new Buffer();
        while (buffer.size() <= limit && source.read(buffer, 8192) != -1) {
            // keep reading until one byte past the limit, or the end
        }
        boolean truncated = buffer.size() > limit;
        MediaType type = body.contentType();
        Charset charset = type == null ? StandardCharsets.UTF_8 : type.charset(StandardCharsets.UTF_8);
        return new BoundedBody(buffer.readString(Math.min(buffer.size(), limit), charset), truncated);
    }
}
