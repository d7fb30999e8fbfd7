package dev.ibench.activities.react;

import dev.ibench.activities.mcp.McpToolBackend;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.toolbackend.InProcessToolBackend;
import dev.ibench.activities.toolbackend.ReactToolBackend;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.McpServerEntry;
import dev.ibench.core.json.Json;
import dev.ibench.core.runtime.ToolRuntime;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool backend of a cell, from its campaign's {@code tools_via}: the in-process runtime, or one shared
 * {@link McpToolBackend} per MCP server (so a stdio server process is started once per worker, not per step).
 */
public final class ReactToolBackends implements AutoCloseable {
    private final ResultsStore store;
    private final ReactToolBackend inProcess;
    private final Map<String, ReactToolBackend> byCampaign = new ConcurrentHashMap<>();
    private final Map<McpServerEntry, McpToolBackend> mcpServers = new ConcurrentHashMap<>();

    public ReactToolBackends(ResultsStore store, ToolRuntime runtime) {
        this.store = store;
        this.inProcess = new InProcessToolBackend(runtime);
    }

    public ReactToolBackend forCell(CellRecord cell) {
        return byCampaign.computeIfAbsent(cell.campaignId(), this::forCampaign);
    }

    private ReactToolBackend forCampaign(String campaignId) {
        String json = store.campaignSpecJson(campaignId).orElse(null);
        if (json == null) {
            return inProcess;
        }
        CampaignSpec spec;
        try {
            spec = Json.MAPPER.readValue(json, CampaignSpec.class);
        } catch (IOException e) {
            throw ApplicationFailure.newNonRetryableFailure("campaign " + campaignId + ": stored spec unreadable: " + e.getMessage(), "BadCampaignSpec");
        }
        if (!CampaignSpec.TOOLS_VIA_MCP.equals(spec.toolsVia())) {
            return inProcess;
        }
        return mcpServers.computeIfAbsent(spec.mcp(), McpToolBackend::new);
    }

    @Override
    public void close() {
        mcpServers.values().forEach(McpToolBackend::close);
    }
}
