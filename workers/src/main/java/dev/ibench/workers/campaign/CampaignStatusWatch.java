package dev.ibench.workers.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.ErrorCount;
import dev.ibench.core.json.Json;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowClient;
import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code campaign status}: prints a campaign's status once, or every few seconds until it ends: per cell progress,
 * spend and warnings, the campaign's spend and budgets, and the task queues it waits on without a worker; as text or
 * as JSON.
 */
public final class CampaignStatusWatch {
    private final WorkflowClient client;
    private final SpendStore spend;
    private final String temporalFlags;

    /** @param spend the ledger (null: spend not shown) */
    public CampaignStatusWatch(WorkflowClient client, SpendStore spend, String temporalFlags) {
        this.client = client;
        this.spend = spend;
        this.temporalFlags = temporalFlags;
    }

    /** Prints the status of campaign {@code id}; with {@code watchSeconds} (null: once) again until it has ended. */
    public void print(String id, boolean json, Integer watchSeconds, PrintStream out) throws JsonProcessingException, InterruptedException {
        CampaignStatusReader reader = new CampaignStatusReader(client);
        while (true) {
            CampaignStatus status = reader.status(id, temporalFlags);
            List<CampaignStatusView.CellView> cells = reader.cellViews(status, spend);
            boolean ended = status.state() == CellState.COMPLETED || status.state() == CellState.FAILED;
            List<UnservedQueues.Unserved> unserved = List.of();
            String uncheckedQueues = null;
            try {
                unserved = ended ? List.of() : UnservedQueues.find(client, id, status, Instant.now());
            } catch (UnservedQueues.CheckFailed e) {
                uncheckedQueues = e.getMessage();
            }
            CampaignStatusView.Spend totals = CampaignStatusReader.spendOf(spend, id);
            if (json) {
                out.println(json(status, cells, unserved, uncheckedQueues, totals));
            } else {
                out.print((watchSeconds != null ? "\033[H\033[2J" : "") + CampaignStatusView.render(status, cells, totals));
                unserved.forEach(u -> out.println("WARNING: " + u.message(temporalFlags)));
                if (uncheckedQueues != null) {
                    out.println("WARNING: " + uncheckedQueues);
                }
            }
            if (watchSeconds == null || ended) {
                return;
            }
            Thread.sleep(watchSeconds * 1000L);
        }
    }

    private String json(CampaignStatus status, List<CampaignStatusView.CellView> cells, List<UnservedQueues.Unserved> unserved,
                        String uncheckedQueues, CampaignStatusView.Spend totals) throws JsonProcessingException {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", status);
        out.put("cells", cells.stream().map(CampaignStatusView.CellView::live).toList());
        Map<String, List<ErrorCount>> warnings = new LinkedHashMap<>();
        cells.stream().filter(c -> !c.warnings().isEmpty()).forEach(c -> warnings.put(c.entry().cellId(), c.warnings()));
        out.put("warnings", warnings);
        out.put("unserved_task_queues", unserved.stream().map(u -> u.message(temporalFlags)).toList());
        if (uncheckedQueues != null) {
            out.put("task_queues_unchecked", uncheckedQueues);
        }
        if (totals != null) {
            Map<String, Object> byCell = new LinkedHashMap<>();
            cells.forEach(c -> byCell.put(c.entry().cellId(), c.spend()));
            Map<String, Object> spendJson = new LinkedHashMap<>();
            spendJson.put("campaign", totals.campaign());
            spendJson.put("by_model", totals.byModel());
            spendJson.put("by_cell", byCell);
            spendJson.put("budgets", totals.budgets());
            out.put("spend", spendJson);
        }
        return Json.MAPPER.writeValueAsString(out);
    }
}
