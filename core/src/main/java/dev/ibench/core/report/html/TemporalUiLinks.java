package dev.ibench.core.report.html;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Links from a report to the Temporal Web UI: a cell's workflow list filtered to its workflow id
 * ({@code ibench-cell-<cell id>}), which finds every run of it. {@link #NONE} renders no links.
 */
public record TemporalUiLinks(String uiUrl, String namespace) {
    public static final TemporalUiLinks NONE = new TemporalUiLinks(null, null);

    /** The cell's page, or null without a UI. */
    public String cell(String cellId) {
        if (uiUrl == null || uiUrl.isBlank()) {
            return null;
        }
        String query = "WorkflowId=\"ibench-cell-" + cellId + "\"";
        return uiUrl.replaceAll("/+$", "") + "/namespaces/" + URLEncoder.encode(namespace, StandardCharsets.UTF_8)
                + "/workflows?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
