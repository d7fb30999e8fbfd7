package dev.ibench.core.dataset;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One database of a dataset: its SQLite file (null when missing), the path samples store
 * ({@code database_path}, relative to the data root), column descriptions per table (lower-case
 * table name -> lower-case column name -> description) and problems found while loading it.
 */
public record DatabaseEntry(
        String id,
        Path sqliteFile,
        String portablePath,
        Map<String, Map<String, String>> descriptions,
        List<String> warnings) {

    public DatabaseEntry {
        warnings = List.copyOf(warnings);
    }

    public String description(String table, String column) {
        Map<String, String> t = descriptions.get(table.toLowerCase(java.util.Locale.ROOT));
        String d = t == null ? null : t.get(column.toLowerCase(java.util.Locale.ROOT));
        return d == null || d.isBlank() ? column.replace('_', ' ') : d;
    }
}
