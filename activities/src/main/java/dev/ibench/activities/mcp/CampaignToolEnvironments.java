package dev.ibench.activities.mcp;

import dev.ibench.activities.react.ReactToolEnvironment;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.StoredCampaignSpec;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.McpServerEntry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Where a cell's ReACT actions run, by its campaign's {@code tools_via} (read from the stored campaign spec):
 * {@code mcp} gives one shared {@link McpToolEnvironment} per MCP server (a stdio server is started once per worker,
 * not per step); otherwise the environment of the cell's eval set ({@code ReactToolEnvironments}: in process for
 * SLOT/SEL, HTTP for REST).
 */
public final class CampaignToolEnvironments implements Function<CellRecord, ReactToolEnvironment>, AutoCloseable {
    private final ResultsStore store;
    private final Function<String, ReactToolEnvironment> ofEvalSet;
    private final Map<String, McpServerEntry> mcpOfCampaign = new ConcurrentHashMap<>();
    private final Map<McpServerEntry, McpToolEnvironment> servers = new ConcurrentHashMap<>();

    public CampaignToolEnvironments(ResultsStore store, Function<String, ReactToolEnvironment> ofEvalSet) {
        this.store = store;
        this.ofEvalSet = ofEvalSet;
    }

    @Override
    public ReactToolEnvironment apply(CellRecord cell) {
        McpServerEntry mcp = mcpOfCampaign.computeIfAbsent(cell.campaignId(), this::mcpServer);
        return mcp == NONE ? ofEvalSet.apply(cell.evalSet()) : servers.computeIfAbsent(mcp, McpToolEnvironment::new);
    }

    private static final McpServerEntry NONE = new McpServerEntry(null, null);

    private McpServerEntry mcpServer(String campaignId) {
        return StoredCampaignSpec.of(store, campaignId)
                .filter(spec -> CampaignSpec.TOOLS_VIA_MCP.equals(spec.toolsVia()) && spec.mcp() != null)
                .map(CampaignSpec::mcp).orElse(NONE);
    }

    @Override
    public void close() {
        servers.values().forEach(McpToolEnvironment::close);
    }
}
