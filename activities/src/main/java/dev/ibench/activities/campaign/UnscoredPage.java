package dev.ibench.activities.campaign;

import java.util.List;

/**
 * One page of a cell's unsettled work items, in item order from a given item index on, and how many unsettled items
 * there are from that index on (this page included): retry runs read pages, never the whole list at once.
 */
public record UnscoredPage(List<WorkItem> items, int remaining) {
    public UnscoredPage {
        items = List.copyOf(items);
    }
}
