package dev.ibench.core.report.html;

import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.MetricSummary;

/** Escaping and the few markup pieces the sections share. */
final class Html {
    private Html() {}

    static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }

    /** Mean ± spread over trials, or – without a value. */
    static String metric(MetricSummary s) {
        return escape(MarkdownReportRenderer.format(s));
    }

    static void cell(StringBuilder h, String text) {
        h.append("<td>").append(escape(text)).append("</td>");
    }

    static void header(StringBuilder h, String... names) {
        h.append("<tr>");
        for (String n : names) {
            h.append("<th>").append(escape(n)).append("</th>");
        }
        h.append("</tr>");
    }
}
