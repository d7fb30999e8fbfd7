package dev.ibench.workers.rest;

import dev.ibench.workers.access.JsonErrorPages;

/** The REST tool server's error pages: the server's JSON error {@code {"error": "HTTP 400"}}. */
public final class RestErrorReportValve extends JsonErrorPages {
    @Override
    protected String body(int status) {
        return "{\"error\":\"HTTP " + status + "\"}";
    }
}
