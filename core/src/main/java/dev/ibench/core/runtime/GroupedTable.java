package dev.ibench.core.runtime;

import java.util.List;

/**
 * The result of {@code group_data_by}: the rows of a table split into groups that share the values of
 * the grouping keys, in order of first appearance. Operations on a grouped table act per group
 * (aggregate adds a per-group column, filter keeps or drops whole rows, sort orders groups by their
 * first row, retrieve returns one row per group).
 */
public record GroupedTable(List<String> groupKeys, List<Table> groups, List<String> columns) {
    public GroupedTable {
        groupKeys = List.copyOf(groupKeys);
        groups = List.copyOf(groups);
        columns = List.copyOf(columns);
    }

    public boolean hasColumn(String key) {
        return columns.contains(key);
    }
}
