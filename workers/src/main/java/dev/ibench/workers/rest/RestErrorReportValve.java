package dev.ibench.workers.rest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's error pages for the REST tool server (a request Tomcat itself refuses, such as an invalid character in the
 * request target): the server's JSON error {@code {"error": "HTTP 400"}}, never Tomcat's HTML page, its version or a
 * stack trace.
 */
public final class RestErrorReportValve extends ErrorReportValve {
    public RestErrorReportValve() {
        setShowReport(false);
        setShowServerInfo(false);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) return;
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.getOutputStream().write(("{\"error\":\"HTTP " + status + "\"}").getBytes(StandardCharsets.UTF_8));
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // the client went away
        }
    }
}
