package dev.ibench.workers.campaign;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.CampaignSummary;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code ibench campaign list}: every campaign of the results store, newest first, with its state from Temporal (the
 * campaign's IbenchState search attribute while its workflow runs or once it completed; how it ended otherwise), its
 * progress (items finished of planned) and its spend.
 */
public final class CampaignList {
    /** State shown when Temporal cannot be asked. */
    public static final String UNKNOWN = "UNKNOWN";
    /** State of a campaign the store knows and the Temporal server does not (e.g. another server, or history deleted). */
    public static final String NOT_ON_SERVER = "NOT_ON_SERVER";

    /** One line of the list. */
    public record Row(String campaignId, String name, String state, String startedAt, long finished, long planned,
                      Double costUsd, long tokens) {}

    private final ResultsStore store;
    private final SpendStore spend;

    public CampaignList(ResultsStore store, SpendStore spend) {
        this.store = store;
        this.spend = spend;
    }

    /** The campaigns, newest first; {@code client} null: states {@link #UNKNOWN}. */
    public List<Row> rows(WorkflowClient client) {
        List<Row> rows = new ArrayList<>();
        for (CampaignSummary c : store.campaignSummaries()) {
            var totals = spend.totals(c.campaignId(), null);
            rows.add(new Row(c.campaignId(), c.name(), client == null ? UNKNOWN : state(client, c.campaignId()), c.startedAt(),
                    c.finished(), c.planned(), totals.costUsd(), totals.tokens()));
        }
        return rows;
    }

    /** The newest campaign's id, if the store holds any. */
    public Optional<String> newest() {
        return store.campaignSummaries().stream().findFirst().map(CampaignSummary::campaignId);
    }

    private static String state(WorkflowClient client, String campaignId) {
        WorkflowExecutionDescription d;
        try {
            d = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId(campaignId)).describe();
        } catch (RuntimeException notFound) {
            return NOT_ON_SERVER;
        }
        WorkflowExecutionStatus status = d.getStatus();
        String attribute = d.getTypedSearchAttributes().get(IbenchSearchAttributes.STATE);
        if (attribute != null && (status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING
                || status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED)) {
            return attribute;
        }
        return status.name().replace("WORKFLOW_EXECUTION_STATUS_", "");
    }

    /** The list as a terminal table. */
    public static String render(List<Row> rows) {
        if (rows.isEmpty()) {
            return "no campaigns in the results store\n";
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-32s %-16s %-14s %-24s %15s  %s%n",
                "ID", "NAME", "STATE", "STARTED", "FINISHED/PLANNED", "SPEND"));
        for (Row r : rows) {
            String cost = r.costUsd() == null ? "$n/a" : String.format(Locale.ROOT, "$%.6f", r.costUsd());
            out.append(String.format(Locale.ROOT, "%-32s %-16s %-14s %-24s %15s  %s, %d tokens%n", r.campaignId(), r.name(), r.state(),
                    r.startedAt(), r.finished() + "/" + r.planned(), cost, r.tokens()));
        }
        return out.toString();
    }
}
