package dev.ibench.workers.campaign;

import dev.ibench.core.report.html.CellLinks;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The HTML report's links to the Temporal Web UI: a cell's workflow list filtered to its workflow id
 * ({@code ibench-cell-<cell id>}), which finds every run of it.
 */
public record TemporalUiLinks(String uiUrl, String namespace) implements CellLinks {
    @Override
    public String cell(String cellId) {
        String query = "WorkflowId=\"ibench-cell-" + cellId + "\"";
        return uiUrl.replaceAll("/+$", "") + "/namespaces/" + URLEncoder.encode(namespace, StandardCharsets.UTF_8)
                + "/workflows?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
