package dev.ibench.core.runtime;

import java.util.List;

/** Finds a key (column) in a data argument and names the available keys when it is missing. */
final class DataKeys {
    private DataKeys() {}

    static int require(Table table, String key, String tool) throws ToolArgumentException {
        int i = table.columnIndex(key);
        if (i < 0) {
            throw new ToolArgumentException(tool + ": unknown key_name '" + key + "'; available keys: " + abbreviate(table.columns()));
        }
        return i;
    }

    static void require(GroupedTable grouped, String key, String tool) throws ToolArgumentException {
        if (!grouped.hasColumn(key)) {
            throw new ToolArgumentException(tool + ": unknown key_name '" + key + "'; available keys: " + abbreviate(grouped.columns()));
        }
    }

    static String abbreviate(List<String> keys) {
        if (keys.size() <= 40) return keys.toString();
        return keys.subList(0, 40) + " ... (" + keys.size() + " keys)";
    }

    static ToolArgumentException wrongData(String tool, Object data, String expected) {
        String got = data == null ? "null" : data instanceof Table ? "a table" : data instanceof GroupedTable ? "grouped data" : data instanceof List<?> ? "a list" : "a " + data.getClass().getSimpleName() + " value";
        return new ToolArgumentException(tool + ": data_source must be " + expected + ", got " + got);
    }
}
